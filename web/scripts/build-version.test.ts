import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAppVersion } from '@fleetport/contracts/app-version';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildVersion, sourceHash, writeVersionFile } from './build-version.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fp-version-'));
  await mkdir(join(root, 'src'));
  await writeFile(join(root, 'src', 'main.ts'), 'export const a = 1;\n');
  await writeFile(join(root, 'src', 'main.test.ts'), 'it();\n');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('sourceHash', () => {
  it('changes with a source, not with a test file', async () => {
    const before = sourceHash(root, ['src']);
    await writeFile(join(root, 'src', 'main.test.ts'), 'it("again");\n');
    expect(sourceHash(root, ['src'])).toBe(before);
    await writeFile(join(root, 'src', 'main.ts'), 'export const a = 2;\n');
    expect(sourceHash(root, ['src'])).not.toBe(before);
  });

  it('skips what does not exist', () => {
    expect(sourceHash(root, ['src', 'missing.json'])).toBe(sourceHash(root, ['src']));
  });
});

describe('buildVersion (spec §4: the build a console runs, and the one the server announces)', () => {
  it('defines the version the build writes to version.json: build time in ms, then the source hash', async () => {
    const plugin = buildVersion({ base: root, sources: ['src'], now: () => 1_767_000_000_000 });
    const config = typeof plugin.config === 'function' ? plugin.config : undefined;
    const defined = (config as () => { define: Record<string, string> })().define;
    const version = JSON.parse(defined['import.meta.env.FP_BUILD_VERSION'] ?? '""') as string;
    expect(version).toBe(`1767000000000-${sourceHash(root, ['src']).slice(0, 8)}`);

    await writeVersionFile(join(root, 'dist'), { version, released_at: '2026-01-01T00:00:00.000Z' });
    const written = parseAppVersion(JSON.parse(await readFile(join(root, 'dist', 'version.json'), 'utf8')));
    expect(written).toEqual({ version, released_at: '2026-01-01T00:00:00.000Z' });
  });
});
