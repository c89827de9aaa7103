import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The code cites the product reference (docs/product.md) as "spec §N" and often names the part
 * ("spec §9 "Monitoring types""). Every such citation must resolve inside the repository: the
 * section exists, and a named part (a short title, not a quoted sentence) is written there.
 */
const root = new URL('../../', import.meta.url);
const reference = readFileSync(new URL('docs/product.md', root), 'utf8');
const sections = new Set([...reference.matchAll(/^## §(\d)\b/gm)].map((match) => Number(match[1])));

function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((file) => /\.(ts|tsx)$/.test(file) && !file.includes('dist-types/'))
    .filter((file) => /^(api|web|contracts|theme-server|device-sim|scripts|bench)\//.test(file));
}

interface Citation {
  file: string;
  section: number;
  title?: string;
}

function citations(): Citation[] {
  const found: Citation[] = [];
  for (const file of sourceFiles()) {
    let text: string;
    try {
      text = readFileSync(new URL(file, root), 'utf8');
    } catch {
      continue; // listed but deleted in the working tree
    }
    for (const match of text.matchAll(/[Ss]pec §(\d+)(?:[^\n"“]{0,3}["“]([^"”\n]{2,60})["”])?/g)) {
      const title = match[2];
      // A short capitalised name is a title; a longer quote is a sentence of the rule.
      const isTitle = title !== undefined && /^[A-Z]/.test(title) && title.split(/\s+/).length <= 3;
      found.push({ file, section: Number(match[1]), ...(isTitle ? { title } : {}) });
    }
  }
  return found;
}

describe('the product reference (docs/product.md)', () => {
  const all = citations();

  it('has the nine sections the code cites', () => {
    expect([...sections].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(all.length).toBeGreaterThan(100);
  });

  it('holds every section a citation in the code names', () => {
    const unknown = all.filter((citation) => !sections.has(citation.section));
    expect(unknown.map((citation) => `${citation.file}: §${citation.section}`)).toEqual([]);
  });

  it('writes every named part a citation refers to', () => {
    const text = reference.toLowerCase();
    const missing = all.filter((citation) => citation.title && !text.includes(citation.title.toLowerCase()));
    expect(missing.map((citation) => `${citation.file}: §${citation.section} "${citation.title}"`)).toEqual(
      [],
    );
  });
});
