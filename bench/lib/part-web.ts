import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import lighthouse, { type Config, desktopConfig, type Flags, generateReport, type Result } from 'lighthouse';
import { FIRST_LOAD_BUDGET_BYTES, measureBuild, type PageLoad } from '../../web/scripts/first-load.ts';
import { type BenchContext, heading } from './context.ts';
import { startEdgeChild } from './edge.ts';
import { freePort, type ServerChild, startServerChild, stop, track } from './proc.ts';
import { table, verdict } from './stats.ts';

/**
 * Part 7: the console's first load (the performance goal): the first-load JavaScript of
 * the shell's pages (gzip, from the build's manifest) and Lighthouse's performance score of the
 * login page and the signed-in shell, in Debian's Chromium, against the real edge serving the
 * build snapshot and the real API on a fresh PGlite store with the demo world.
 */

const PASSWORD = 'bench demo password';
const USER = 'admin@acme.example';
/** The acme brand's host: Chromium resolves every `*.localhost` to loopback. */
const HOST = 'acme.localhost';
const SCORE_GOAL = 95;
const RUNS = 3;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Where to write each median run's report (HTML and JSON), when set. */
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_DIR;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const shortPage = (page: string) => path.basename(page, '.tsx');

/** First-load JavaScript: every gated page, and the heaviest page outside the gate. */
async function firstLoadJs(ctx: BenchContext, dist: string): Promise<void> {
  const loads = await measureBuild(dist);
  const gated = loads.filter((load) => load.gated);
  const ungated = loads.filter((load) => !load.gated);
  const worstUngated = ungated[0];
  const budget = FIRST_LOAD_BUDGET_BYTES;
  const row = (load: PageLoad) => [
    shortPage(load.page),
    load.withLayout ? 'yes' : 'no',
    String(load.files.length),
    `${kb(load.bytes)} gz`,
    load.gated ? `≤ ${kb(budget)}` : 'none (deep page)',
    load.gated ? verdict(load.bytes <= budget) : '',
  ];
  console.log(
    table(
      ['page (first load)', 'layout', 'files', 'JS+CSS', 'goal', ''],
      [...gated.map(row), ...(worstUngated ? [row(worstUngated)] : [])],
    ),
  );
  const worst = gated[0];
  if (worst) {
    ctx.goals.push({
      part: '7 first load',
      goal: `shell first-load JS+CSS ≤ ${kb(budget)} gz (worst gated page)`,
      measured: `${kb(worst.bytes)} (${shortPage(worst.page)})`,
      met: worst.bytes <= budget,
    });
  }
  console.log(
    `gated: the account pages and each built-in role's landing page (${gated.length}); ${ungated.length} deeper pages are not gated (heaviest shown)`,
  );
}

/** The real API on a fresh PGlite store, seeded with the demo world, MFA not required. */
function startApi(ctx: BenchContext, port: number): Promise<ServerChild> {
  return startServerChild(process.execPath, ['api/src/main.ts'], {
    name: 'api (PGlite)',
    env: {
      NODE_ENV: 'production',
      API_PORT: String(port),
      MQTT_PORT: '0',
      API_HOST: '127.0.0.1',
      DATA_DIR: path.join(ctx.tmp, 'web-api-data'),
      DATABASE_URL: '',
      REDIS_URL: '',
      BRANDS_DIR: ctx.fixtures.brandsDir,
      SEED_DEMO: 'true',
      DEMO_PASSWORD: PASSWORD,
      MFA_REQUIRED: 'false',
      LOG_LEVEL: 'warn',
    },
    ready: { port },
    timeoutMs: 60_000,
  });
}

/** Signs in through the API and returns the session's cookies as one `Cookie` header. */
async function signIn(apiUrl: string): Promise<string> {
  const login = await fetch(`${apiUrl}/api/account/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ email: USER, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`bench login answered ${login.status}: ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => pair.includes('='))
    .join('; ');
  if (!cookie.includes('fp_access=')) throw new Error('bench login set no access cookie');
  return cookie;
}

interface LighthouseRun {
  score: number;
  lhr: Result;
}

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

function metric(lhr: Result, id: string): string {
  const audit = lhr.audits[id];
  if (!audit || audit.numericValue === undefined) return 'n/a';
  if (id === 'cumulative-layout-shift') return audit.numericValue.toFixed(3);
  return audit.numericValue < 1000
    ? `${audit.numericValue.toFixed(0)} ms`
    : `${(audit.numericValue / 1000).toFixed(2)} s`;
}

/** Points of the score each weighted metric costs: weight × (1 − the metric's score). */
function pointsLost(lhr: Result): string {
  const category = lhr.categories.performance;
  if (!category) return 'n/a';
  const total = category.auditRefs.reduce((sum, ref) => sum + ref.weight, 0) || 1;
  return category.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => {
      const short = METRICS.find(([id]) => id === ref.id)?.[1] ?? ref.id;
      const lost = (100 * ref.weight * (1 - (lhr.audits[ref.id]?.score ?? 0))) / total;
      return { short, lost };
    })
    .filter(({ lost }) => lost >= 0.5)
    .sort((a, b) => b.lost - a.lost)
    .map(({ short, lost }) => `${short} −${lost.toFixed(1)}`)
    .join(', ');
}

/** The audits that fail with estimated savings (FCP, LCP or TBT, in ms), largest first. */
function topSavings(lhr: Result, count: number): string {
  return Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.metricSavings)
    .map((audit) => {
      const savings = audit.metricSavings ?? {};
      const ms = Math.max(savings.LCP ?? 0, savings.FCP ?? 0, savings.TBT ?? 0);
      return { title: audit.id, ms, display: audit.displayValue };
    })
    .filter(({ ms }) => ms > 0)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(({ title, ms, display }) => `${title} (~${ms.toFixed(0)} ms${display ? `; ${display}` : ''})`)
    .join(', ');
}

/**
 * The run measured what it should: it ended on the page asked for (the console sends a visitor
 * without a session to /account/login), and `GET /api/user` answered 200 signed in, 401 not.
 */
function checkPage(lhr: Result, url: string, signedIn: boolean): void {
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl} (not signed in?)`);
  }
  const requests = lhr.audits['network-requests']?.details;
  if (requests?.type !== 'table') return;
  const user = requests.items.find((item) => new URL(String(item.url)).pathname === '/api/user');
  const expected = signedIn ? 200 : 401;
  if (user?.statusCode !== expected) {
    throw new Error(
      `Lighthouse on ${url}: GET /api/user answered ${user?.statusCode ?? 'nothing'}, not ${expected}`,
    );
  }
}

/**
 * Lighthouse (performance only) on the login page and on the signed-in shell, each `RUNS`
 * times per preset; the run with the median score is reported.
 */
async function lighthouseRuns(ctx: BenchContext, presets: readonly ('mobile' | 'desktop')[]): Promise<void> {
  const apiPort = await freePort();
  const api = await startApi(ctx, apiPort);
  let edge: ServerChild | undefined;
  let chrome: LaunchedChrome | undefined;
  try {
    edge = await startEdgeChild({
      apiUrl: api.url,
      webDist: ctx.fixtures.webDist,
      brandsDir: ctx.fixtures.brandsDir,
      logLevel: 'warn',
      env: { MFA_REQUIRED: 'false' },
    });
    const cookie = await signIn(api.url);
    const userDataDir = path.join(ctx.tmp, 'chromium-profile');
    await mkdir(userDataDir, { recursive: true });
    chrome = await launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
      userDataDir,
      handleSIGINT: false,
      logLevel: 'silent',
    });
    track(chrome.process);
    const origin = `http://${HOST}:${edge.port}`;
    const pages = [
      { name: 'login', label: 'login', url: `${origin}/account/login`, headers: undefined },
      {
        name: 'shell',
        label: 'shell (signed in)',
        // The admin's landing page (the first permitted page): Companies, with its grid.
        url: `${origin}/${process.env.BENCH_SHELL_PATH ?? 'companies'}`,
        headers: { Cookie: cookie },
      },
    ];
    const rows: string[][] = [];
    const notes: string[] = [];
    const warnings = new Set<string>();
    let lighthouseVersion = '';
    let chromeVersion = '';
    const benchmarkIndexes: number[] = [];
    for (const preset of presets) {
      for (const page of pages) {
        const runs: LighthouseRun[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const flags: Flags = {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            ...(page.headers ? { extraHeaders: page.headers } : {}),
          };
          const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
          const result = await lighthouse(page.url, flags, config);
          if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
          const { lhr } = result;
          if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.url}: ${lhr.runtimeError.message}`);
          checkPage(lhr, page.url, page.headers !== undefined);
          runs.push({ score: Math.round(100 * (lhr.categories.performance?.score ?? 0)), lhr });
          lighthouseVersion = lhr.lighthouseVersion;
          chromeVersion = lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium';
        }
        const sorted = [...runs].sort((a, b) => a.score - b.score);
        const median = sorted[Math.floor(sorted.length / 2)] as LighthouseRun;
        for (const run of runs) for (const warning of run.lhr.runWarnings) warnings.add(warning);
        benchmarkIndexes.push(...runs.map((run) => run.lhr.environment.benchmarkIndex));
        if (REPORTS_DIR) {
          const name = `${page.name}-${preset}`;
          await mkdir(REPORTS_DIR, { recursive: true });
          await writeFile(path.join(REPORTS_DIR, `${name}.html`), generateReport(median.lhr, 'html'));
          await writeFile(path.join(REPORTS_DIR, `${name}.json`), JSON.stringify(median.lhr));
        }
        rows.push([
          `${page.label}, ${preset}`,
          String(median.score),
          runs.map((run) => run.score).join(' '),
          ...METRICS.map(([id]) => metric(median.lhr, id)),
          `≥ ${SCORE_GOAL}`,
          verdict(median.score >= SCORE_GOAL),
        ]);
        ctx.goals.push({
          part: '7 Lighthouse',
          goal: `performance ≥ ${SCORE_GOAL}, ${page.label}, ${preset} (median of ${RUNS})`,
          measured: String(median.score),
          met: median.score >= SCORE_GOAL,
        });
        notes.push(
          `${page.label}, ${preset}: points lost: ${pointsLost(median.lhr) || 'none'}; top savings: ${
            topSavings(median.lhr, 3) || 'none'
          }`,
        );
      }
    }
    console.log(
      table(['page, preset', 'score', 'runs', ...METRICS.map(([, short]) => `${short}`), 'goal', ''], rows),
    );
    for (const note of notes) console.log(note);
    const indexes = benchmarkIndexes.sort((a, b) => a - b);
    console.log(
      `Lighthouse ${lighthouseVersion}, ${chromeVersion}; this machine's benchmarkIndex ${indexes[0]?.toFixed(0)}–${indexes.at(-1)?.toFixed(0)} (mobile simulates a 4× slower CPU than this one, so a loaded machine raises TBT)`,
    );
    for (const warning of warnings) console.log(`Lighthouse warning: ${warning.replace(/\s+/g, ' ')}`);
    if (REPORTS_DIR) console.log(`reports of the median runs: ${REPORTS_DIR}`);
  } finally {
    if (chrome) await stop(chrome.process);
    await Promise.all([edge?.stop(), api.stop()]);
  }
}

export async function benchWeb(ctx: BenchContext): Promise<void> {
  heading("7. The console's first load: first-load JavaScript (gzip) and Lighthouse");
  const dist = ctx.fixtures.webDist;
  if (ctx.fixtures.distSource !== 'web/dist' || !existsSync(path.join(dist, '.vite', 'manifest.json'))) {
    console.log(
      'web/dist is missing or has no .vite/manifest.json: run npm run build first (part 7 skipped)',
    );
    return;
  }
  await firstLoadJs(ctx, dist);
  if (!existsSync(CHROMIUM)) {
    console.log(`Lighthouse: skipped (no Chromium at ${CHROMIUM}; set CHROMIUM_PATH)`);
    return;
  }
  await lighthouseRuns(ctx, ['mobile', 'desktop']);
}
