/**
 * `node scripts/structure-report.ts`: the figures of the console's structure that the README's
 * architecture section quotes (tests excluded): file sizes, imports across the lint boundaries,
 * calls of the HTTP client outside the data layer, inline queries in components.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', 'web/src', 'api/src'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(
    (file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && !/\/testing(\/|\.tsx?$)/.test(file),
  );
const lines = (file: string) => readFileSync(resolve(root, file), 'utf8').split('\n').length;
const web = files.filter((file) => file.startsWith('web/src/'));
const api = files.filter((file) => file.startsWith('api/src/'));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const IMPORT = /(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g;
/** The top folder of a web file: app (with the entry, main.tsx), shared, or features/<name>. */
function home(file: string): string {
  if (file === 'web/src/main.tsx') return 'app';
  const [, top = '', feature = ''] = /^web\/src\/([^/]+)\/?([^/]*)/.exec(file) ?? [];
  return top === 'features' ? `features/${feature}` : top;
}
let intoApp = 0;
let betweenFeatures = 0;
for (const file of web) {
  const from = home(file);
  for (const [, specifier = ''] of readFileSync(resolve(root, file), 'utf8').matchAll(IMPORT)) {
    const to = home(relative(root, resolve(dirname(resolve(root, file)), specifier)));
    if (to === 'app' && from !== 'app') intoApp += 1;
    if (to.startsWith('features/') && from.startsWith('features/') && to !== from) betweenFeatures += 1;
  }
}

const count = (pattern: RegExp, where: string[]) =>
  where.filter((file) => pattern.test(readFileSync(resolve(root, file), 'utf8')));
const components = web.filter((file) => file.endsWith('.tsx'));
const dataLayer = (file: string) => /\/api\//.test(file) || file.startsWith('web/src/shared/');

const report = {
  'web files (tests excluded)': web.length,
  'web median lines per file': median(web.map(lines)),
  'web files over 300 lines': web.filter((file) => lines(file) > 300).length,
  'web/src/features files over 300 lines': web.filter(
    (file) => file.includes('/features/') && lines(file) > 300,
  ).length,
  'imports from features or shared into app/': intoApp,
  'imports between features': betweenFeatures,
  'files calling api.http outside a data layer': count(/\bapi\.http\b/, web).filter(
    (file) => !dataLayer(file),
  ).length,
  'components calling api.http': count(/\bapi\.http\b/, components).length,
  'components with an inline useQuery/useMutation': count(/\buse(Query|Mutation)\(/, components).length,
  'api files over 300 lines': api.filter((file) => lines(file) > 300).length,
  'api median lines per file': median(api.map(lines)),
};
for (const [name, value] of Object.entries(report)) console.log(`${String(value).padStart(6)}  ${name}`);
