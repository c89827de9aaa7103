/**
 * The build's version (spec §3 `spa_version`, spec §4 "Update prompt"): the build time in ms and
 * a short hash of the sources the build is made from. The console is built knowing it
 * (`import.meta.env.FP_BUILD_VERSION`, a Vite define), and the build writes it to
 * `version.json`, which the API watches to tell open consoles that a new build is served.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type AppVersion, VERSION_FILE, versionId } from '@fleetport/contracts/app-version';
import type { Plugin } from 'vite';

/** The define the console reads its own version from. */
export const BUILD_VERSION_DEFINE = 'import.meta.env.FP_BUILD_VERSION';

/** Test files change no build: they stay out of the hash. */
const IGNORED = /\.test\.tsx?$|(^|[\\/])(node_modules|dist|dist-types)([\\/]|$)/;

function filesUnder(entry: string): string[] {
  const info = statSync(entry, { throwIfNoEntry: false });
  if (!info) return [];
  if (!info.isDirectory()) return [entry];
  return readdirSync(entry)
    .map((name) => path.join(entry, name))
    .filter((child) => !IGNORED.test(child))
    .flatMap(filesUnder);
}

/** sha256 (hex) over the files under `entries`: each one's path relative to `base`, then its bytes. */
export function sourceHash(base: string, entries: readonly string[]): string {
  const hash = createHash('sha256');
  const files = entries.flatMap((entry) => filesUnder(path.resolve(base, entry)));
  for (const file of files.sort()) {
    hash.update(path.relative(base, file).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Writes `version.json` into `dir` whole (a reader never sees half of it). */
export async function writeVersionFile(dir: string, version: AppVersion): Promise<void> {
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, VERSION_FILE);
  const partial = `${target}.${process.pid}.tmp`;
  await writeFile(partial, `${JSON.stringify(version)}\n`);
  await rename(partial, target);
}

export interface BuildVersionOptions {
  /** The folder the source paths are relative to (the repository root). */
  base: string;
  /** Files and folders whose content makes the build (sources, the lock file). */
  sources: readonly string[];
  now?: () => number;
}

/**
 * Defines the version when the build starts and writes `version.json` after the bundle is on
 * disk. `vite build --watch` keeps one version per run: the development console is not asked to
 * reload on every save.
 */
export function buildVersion(options: BuildVersionOptions): Plugin {
  const builtAt = (options.now ?? Date.now)();
  const version: AppVersion = {
    version: versionId(builtAt, sourceHash(options.base, options.sources)),
    released_at: new Date(builtAt).toISOString(),
  };
  let outDir = '';
  return {
    name: 'fleetport:build-version',
    apply: 'build',
    config: () => ({ define: { [BUILD_VERSION_DEFINE]: JSON.stringify(version.version) } }),
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await writeVersionFile(outDir, version);
    },
  };
}
