/** Small statistics and formatting helpers; latencies are in microseconds throughout. */

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

export function summarise(samples: readonly number[]): {
  p50: number;
  p90: number;
  p99: number;
  max: number;
} {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

export function fmtUs(us: number): string {
  if (!Number.isFinite(us)) return 'n/a';
  if (us < 1000) return `${us.toFixed(0)} µs`;
  if (us < 100_000) return `${(us / 1000).toFixed(2)} ms`;
  return `${(us / 1000).toFixed(0)} ms`;
}

export function fmtInt(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return Math.round(value).toLocaleString('en-US');
}

export function fmtRatio(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a';
}

export function fmtBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** A plain-text table, columns padded; numbers are right-aligned. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const numeric = (text: string) => /^[\d.,]+( ?[a-zµ×%/]+)?$/i.test(text) || text === 'n/a';
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        return column > 0 && numeric(cell) ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** `value ≥ goal` or `value ≤ goal` as MET / MISSED. */
export function verdict(met: boolean): string {
  return met ? 'MET' : 'MISSED';
}
