import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { type BrandIssue, formatBrandIssue } from '@fleetport/contracts/brand';
import { BrandSet } from './brands/brand-set.ts';
import { type LoadedBrand, loadBrandDir } from './brands/load.ts';
import { readConfig } from './config.ts';

/**
 * `npm run brands -- validate [dir]` checks a themes folder the way the edge would load it and
 * exits non-zero with one readable line per problem; `list [dir]` shows what it would serve.
 */
const USAGE = 'usage: npm run brands -- validate|list [themes-folder]';

async function loadAll(dir: string): Promise<{ brands: LoadedBrand[]; issues: BrandIssue[] }> {
  const entries = await readdir(dir, { withFileTypes: true });
  const ids = entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name);
  const results = await Promise.all(ids.map((id) => loadBrandDir(dir, id)));
  const brands = results.flatMap((result) => (result.ok ? [result.brand] : []));
  const issues = results.flatMap((result) => (result.ok ? [] : result.issues));
  const set = BrandSet.build(brands);
  if (!(set instanceof BrandSet)) issues.push(...set);
  return { brands, issues };
}

async function main(argv: string[]): Promise<number> {
  const [command, folder] = argv;
  if (command !== 'validate' && command !== 'list') {
    console.error(USAGE);
    return 2;
  }
  const dir = path.resolve(folder ?? readConfig().BRANDS_DIR);
  let loaded: Awaited<ReturnType<typeof loadAll>>;
  try {
    loaded = await loadAll(dir);
  } catch {
    console.error(`${dir}: cannot be read as a themes folder`);
    return 1;
  }
  if (command === 'list') {
    for (const { config } of loaded.brands.sort((a, b) => a.config.id.localeCompare(b.config.id))) {
      const hosts = config.hostnames.join(', ') || '(no host names)';
      console.log(`${config.id}${config.default ? ' (default)' : ''}\t${config.app_name}\t${hosts}`);
    }
  }
  for (const issue of loaded.issues) console.error(formatBrandIssue(issue));
  if (command === 'validate' && loaded.issues.length === 0) {
    console.log(`${loaded.brands.length} brands in ${dir} are valid.`);
  }
  return loaded.issues.length > 0 ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
