import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { builtAtOf, parseAppVersion, VERSION_FILE, versionId } from '@fleetport/contracts/app-version';
import { expect, test } from '@playwright/test';
import { signIn } from './sign-in.ts';
import { E2E_WEB_DIST } from './support.ts';

/**
 * Spec §4 "Update prompt" and spec §2 "Update notice", through the real servers: the
 * build's version.json changes under the running edge and API (a deploy), the API announces it
 * on `public-app`, and an open console offers to reload.
 */
const versionFile = path.join(E2E_WEB_DIST, VERSION_FILE);
/** A user no other spec changes (email.spec.ts resets user@acme's password). */
const USER = 'advanced@acme.example';

const spaVersion = (page: import('@playwright/test').Page) =>
  page.evaluate(() => localStorage.getItem('spa_version'));

test('a new build announced while the console is open: the update prompt; Later stores 0 (spec §4)', async ({
  page,
}) => {
  const original = await readFile(versionFile, 'utf8');
  const served = parseAppVersion(JSON.parse(original));
  expect(served, 'the build copy has a valid version.json').toBeDefined();
  const build = served?.version ?? '';
  try {
    await signIn(page, USER);
    await expect(page.getByTestId('page-title')).toBeVisible();
    // This console started as the served build and recorded it (spec §3 spa_version).
    await expect.poll(() => spaVersion(page)).toBe(build);

    // A deploy: a build made a minute later.
    const newer = versionId((builtAtOf(build) ?? Date.now()) + 60_000, 'e2e0feed');
    await writeFile(versionFile, JSON.stringify({ version: newer, released_at: new Date().toISOString() }));

    const prompt = page.getByRole('dialog', { name: 'A new version is available' });
    await expect(prompt).toBeVisible({ timeout: 10_000 });
    await expect(prompt).toContainText('changes you have not saved will be lost');
    await expect(prompt.getByRole('button', { name: 'Reload now' })).toBeVisible();
    await prompt.getByRole('button', { name: 'Later' }).click();
    await expect(prompt).toBeHidden();
    // Spec §4: 'Later' sets the stored current version timestamp to 0, and the page stays.
    expect(await spaVersion(page)).toBe('0');
    await expect(page.getByTestId('page-title')).toBeVisible();
  } finally {
    await writeFile(versionFile, original);
  }
});

test('another build ran in this browser last: the update notice leads to the changelog (spec §2)', async ({
  page,
}) => {
  const served = parseAppVersion(JSON.parse(await readFile(versionFile, 'utf8')));
  await signIn(page, USER);
  await expect(page.getByTestId('page-title')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('spa_version', '1700000000000-0ldb01d0'));
  await page.reload();

  const notice = page.getByRole('dialog', { name: /has been updated/ });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: "What's new" }).click();
  await expect(notice).toBeHidden();
  await expect(page).toHaveURL(/\/changelog$/);
  await expect(page.getByRole('heading', { name: /Unreleased/ })).toBeVisible();
  // The notice is shown once: this build is recorded now.
  expect(await spaVersion(page)).toBe(served?.version);
  await page.reload();
  await expect(page.getByRole('heading', { name: /Unreleased/ })).toBeVisible();
  await expect(page.getByRole('dialog', { name: /has been updated/ })).toHaveCount(0);
});
