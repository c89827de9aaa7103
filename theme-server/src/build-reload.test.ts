import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type EdgeFixture, startFixture, waitFor } from './testing/fixtures.ts';

let fixture: EdgeFixture | undefined;
afterEach(async () => {
  await fixture?.stop();
  fixture = undefined;
});

const version = (id: string) => JSON.stringify({ version: id, released_at: '2026-11-22T00:00:00.000Z' });

describe('edge: a build replaced under the running edge (spec §4 "Update prompt")', () => {
  it('serves the new build once its version.json changes, and keeps the old one until then', async () => {
    fixture = await startFixture({ WEB_VERSION_POLL_MS: 50 });
    const dist = path.join(fixture.root, 'dist');
    await writeFile(path.join(dist, 'version.json'), version('1-aaaaaaaa'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const html = await readFile(path.join(dist, 'index.html'), 'utf8');
    const newAsset = '/assets/app-new999.js';
    await writeFile(path.join(dist, 'assets', 'app-new999.js'), 'console.log("new");\n');
    await writeFile(path.join(dist, 'index.html'), html.replace('/assets/app-3f2a1b.js', newAsset));
    // index.html changed, version.json not yet (a build writes it last): the old build stays.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = await fixture.get('/management/devices');
    expect(before.text).toContain('/assets/app-3f2a1b.js');
    expect((await fixture.get(newAsset)).status).toBe(404);

    await writeFile(path.join(dist, 'version.json'), version('2-bbbbbbbb'));
    await waitFor(
      async () => (await fixture?.get('/management/devices'))?.text.includes(newAsset) ?? false,
      5000,
    );
    expect((await fixture.get(newAsset)).status).toBe(200);
  });

  it('keeps serving the build it has while version.json is missing or half written', async () => {
    fixture = await startFixture({ WEB_VERSION_POLL_MS: 50 });
    const dist = path.join(fixture.root, 'dist');
    await writeFile(path.join(dist, 'version.json'), version('1-aaaaaaaa'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    await rm(path.join(dist, 'index.html'));
    await writeFile(path.join(dist, 'version.json'), '{"version": "2-bb');
    await new Promise((resolve) => setTimeout(resolve, 250));
    const page = await fixture.get('/management/devices');
    expect(page.status).toBe(200);
    expect(page.text).toContain('/assets/app-3f2a1b.js');
  });
});
