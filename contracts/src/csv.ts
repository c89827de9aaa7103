/**
 * CSV as RFC 4180 has it, for the console's exports and imports and the API's streamed exports
 * and manufacturer files: one writer (with spreadsheet-formula defusing) and one reader (quoted
 * cells with commas, doubled quotes and line breaks).
 */

export type CsvValue = string | number | boolean | null | undefined;

/**
 * A spreadsheet can run a cell that starts with = + - @ (or a tab or carriage return) as a
 * formula; such a text cell gets a leading apostrophe (OWASP "CSV injection"). Numbers stay.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line with its CRLF end. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * The rows of a CSV text: quoted cells may hold commas, doubled quotes and line breaks; LF or
 * CRLF ends a row; a leading byte-order mark is dropped. Each row carries the line it starts on,
 * so an import can say "Line 7: …". Blank lines are skipped.
 */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]?.trim()) rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index] as string;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}
