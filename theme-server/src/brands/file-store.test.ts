import { cp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type EdgeFixture, startFixture, titleOf, waitFor } from '../testing/fixtures.ts';

let fixture: EdgeFixture;
beforeEach(async () => {
  fixture = await startFixture();
});
afterEach(async () => {
  await fixture.stop();
});

async function editBrand(id: string, change: Record<string, unknown>): Promise<void> {
  const file = path.join(fixture.brandsDir, id, 'brand.json');
  const brand = JSON.parse(await readFile(file, 'utf8'));
  await writeFile(file, JSON.stringify({ ...brand, ...change }, null, 2));
}

const titleFor = async (host: string) => titleOf((await fixture.get('/', host)).text);

describe('brand store: live changes without a restart', () => {
  it('serves a changed brand within 1 second', async () => {
    await editBrand('acme', { app_name: 'Acme Cloud Next' });
    const elapsed = await waitFor(async () => (await titleFor('acme.localhost')) === 'Acme Cloud Next', 1000);
    expect(elapsed).toBeLessThan(1000);
  });

  it('keeps serving the previous version when an edit is invalid, and logs nothing into the page', async () => {
    await editBrand('acme', { app_name: 'Broken Acme', brand_color: 'orange' });
    // A valid edit made afterwards proves the watcher has processed the invalid one.
    await editBrand('northwind', { app_name: 'Northwind Later' });
    await waitFor(async () => (await titleFor('northwind.localhost')) === 'Northwind Later', 1000);
    expect(await titleFor('acme.localhost')).toBe('Acme Cloud');
  });

  it('keeps the previous version when an edit makes the set invalid (a second default)', async () => {
    await editBrand('northwind', { default: true, app_name: 'Northwind Default' });
    await editBrand('acme', { app_name: 'Acme Marker' });
    await waitFor(async () => (await titleFor('acme.localhost')) === 'Acme Marker', 1000);
    expect(await titleFor('northwind.localhost')).toBe('Northwind Fleet');
    expect(await titleFor('unknown.example')).toBe('Fleetport');
  });

  it('serves a new brand folder and forgets a removed one, within 1 second', async () => {
    const dir = path.join(fixture.brandsDir, 'globex');
    await cp(path.join(fixture.brandsDir, 'northwind'), dir, { recursive: true });
    const file = path.join(dir, 'brand.json');
    const brand = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(
      file,
      JSON.stringify({ ...brand, id: 'globex', app_name: 'Globex', hostnames: ['globex.localhost'] }),
    );
    await waitFor(async () => (await titleFor('globex.localhost')) === 'Globex', 1000);
    // The new folder is watched too: an edit inside it is live as well.
    await editBrand('globex', { app_name: 'Globex Two' });
    await waitFor(async () => (await titleFor('globex.localhost')) === 'Globex Two', 1000);
    await rm(dir, { recursive: true });
    await waitFor(async () => (await titleFor('globex.localhost')) === 'Fleetport', 1000);
  });

  it('follows a brand folder replaced by a rename, and edits made in the new folder', async () => {
    const staging = path.join(fixture.brandsDir, '.staging-test');
    await cp(path.join(fixture.brandsDir, 'acme'), staging, { recursive: true });
    const file = path.join(staging, 'brand.json');
    await writeFile(
      file,
      JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), app_name: 'Acme Swapped' }),
    );
    await rm(path.join(fixture.brandsDir, 'acme'), { recursive: true });
    await rename(staging, path.join(fixture.brandsDir, 'acme'));
    await waitFor(async () => (await titleFor('acme.localhost')) === 'Acme Swapped', 1000);
    await editBrand('acme', { app_name: 'Acme After Swap' });
    await waitFor(async () => (await titleFor('acme.localhost')) === 'Acme After Swap', 1000);
  });

  it('serves a changed logo at a new content-hashed URL', async () => {
    const before = (await fixture.get('/', 'acme.localhost')).text;
    const logo = path.join(fixture.brandsDir, 'acme', 'logo.svg');
    await writeFile(
      logo,
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>',
    );
    const logoUrl = (html: string) => /<link rel="preload" href="([^"]+)"/.exec(html)?.[1];
    await waitFor(
      async () => logoUrl((await fixture.get('/', 'acme.localhost')).text) !== logoUrl(before),
      1000,
    );
    const after = logoUrl((await fixture.get('/', 'acme.localhost')).text) as string;
    expect((await fixture.get(after)).text).toContain('<rect width="8" height="8"/>');
  });
});
