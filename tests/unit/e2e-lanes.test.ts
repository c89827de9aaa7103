import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { lane } from '../e2e/support.ts';

/**
 * The end-to-end run's lanes (tests/e2e/support.ts): each Playwright worker drives servers of
 * its own. Playwright finds a worker's tests by their titles, so a title that names a lane's
 * port or folder is a test the other lane cannot find ("Test not found in the worker process").
 */
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const run = promisify(execFile);

async function titlesInLane(index: number): Promise<string[]> {
  const { stdout } = await run(
    process.execPath,
    [resolve(root, 'node_modules/@playwright/test/cli.js'), 'test', '--list'],
    {
      cwd: root,
      env: { ...process.env, TEST_PARALLEL_INDEX: String(index) },
    },
  );
  return stdout
    .split('\n')
    .filter((line) => line.includes('›'))
    .map((line) => line.trim())
    .sort();
}

describe('end-to-end lanes', () => {
  it('give each lane ports and run folders of its own', () => {
    const [first, second] = [lane(0), lane(1)];
    expect(new Set([first.edge, first.api, first.mqtt, second.edge, second.api, second.mqtt]).size).toBe(6);
    for (const key of ['fleetCsv', 'themesDir', 'webDist', 'dataDir'] as const) {
      expect(first[key]).not.toBe(second[key]);
    }
  });

  it('list the same test titles in every lane', async () => {
    const [first, second] = await Promise.all([titlesInLane(0), titlesInLane(1)]);
    expect(first.length).toBeGreaterThan(100);
    expect(second).toEqual(first);
  }, 60_000);
});
