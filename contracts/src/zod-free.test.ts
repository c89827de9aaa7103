import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The modules the console imports in its first load hold no zod (the first-load budget, web
 * `npm run size`): neither they nor any module they import, transitively.
 */
const ZOD_FREE = ['devices.ts', 'realtime-names.ts', 'app-version.ts', 'audit-events.ts'];

function importsOf(file: string): string[] {
  const source = readFileSync(new URL(file, import.meta.url), 'utf8');
  return [...source.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)]
    .filter((match) => !/^import\s+type\s/.test(match[0]))
    .map((match) => match[1] as string);
}

/** Every module `file` loads, itself included, by its specifier (`./x.ts`) or package (`zod`). */
function loaded(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const specifier of importsOf(file)) {
    if (specifier.startsWith('./')) loaded(specifier.slice(2), seen);
    else seen.add(specifier);
  }
  return seen;
}

describe('zod-free contracts', () => {
  it.each(ZOD_FREE)('%s loads no zod', (file) => {
    expect([...loaded(file)].filter((name) => name === 'zod' || name.startsWith('zod/'))).toEqual([]);
  });

  it('follows what a module loads', () => {
    expect(loaded('realtime.ts')).toContain('zod');
    expect(loaded('app-version.ts')).toContain('realtime-names.ts');
  });
});
