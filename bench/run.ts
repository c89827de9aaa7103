import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BenchContext } from './lib/context.ts';
import { startEdgeChild } from './lib/edge.ts';
import { prepareFixtures } from './lib/fixtures.ts';
import { LoadRunner, wrkPath } from './lib/load.ts';
import { nginxPath } from './lib/nginx.ts';
import { benchApiProxy } from './lib/part-api.ts';
import { benchApiStore } from './lib/part-api-store.ts';
import { benchStaticAsset } from './lib/part-asset.ts';
import { benchBrandScale } from './lib/part-brands.ts';
import { benchConfigPush } from './lib/part-config-push.ts';
import { benchDeviceIngest } from './lib/part-device-ingest.ts';
import { benchDeviceList } from './lib/part-device-list.ts';
import { benchDeviceTransports } from './lib/part-device-transports.ts';
import { benchFirmwareCampaign } from './lib/part-firmware-campaign.ts';
import { benchThemedHtml } from './lib/part-html.ts';
import { benchSocketIo } from './lib/part-socketio.ts';
import { benchTaskEngine } from './lib/part-task-engine.ts';
import { benchWeb } from './lib/part-web.ts';
import { startBenchServer, stopAll } from './lib/proc.ts';
import { table } from './lib/stats.ts';

/**
 * The benchmarks of the edge, the API, the console's first load, the devices and the task engine
 * (`npm run bench`). Prints figures and ratios against their goals; it never fails on a timing.
 * Every server runs in its own child process on loopback; all of them are stopped when the bench
 * ends or is interrupted.
 *
 *   npm run bench -- --only 1,3 --duration 4 --warmup 1 --connections 50 --rounds 3
 */

const { values } = parseArgs({
  options: {
    only: { type: 'string', default: '1,2,3,4,5,6,7,8,9,10,11,12,13' },
    duration: { type: 'string', default: '4' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '50' },
    threads: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '3' },
  },
});
const parts = new Set(values.only.split(',').map((part) => part.trim()));
const settings = {
  durationSec: Number(values.duration),
  warmupSec: Number(values.warmup),
  connections: Number(values.connections),
  threads: Number(values.threads),
};

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

let tmp = '';
let cleaning: Promise<void> | undefined;
const cleanUp = (): Promise<void> => {
  cleaning ??= (async () => {
    await stopAll();
    if (tmp) await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
  })();
  return cleaning;
};
// Once the bench is stopping, a tool that loses its process mid-run (Lighthouse when Chromium is
// stopped) may reject a promise nobody awaits: that must not end the bench before it cleans up.
process.on('unhandledRejection', (reason) => {
  if (!cleaning) throw reason;
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the bench's processes`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const started = performance.now();
try {
  tmp = await mkdtemp(path.join(tmpdir(), 'fleetport-bench-'));
  const fixtures = await prepareFixtures(tmp);
  const load = new LoadRunner(settings, tmp);
  const ctx: BenchContext = { tmp, fixtures, load, rounds: Math.max(1, Number(values.rounds)), goals: [] };

  console.log('Fleetport bench (edge, API and console)');
  console.log(`date: ${new Date().toISOString()}`);
  console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`);
  console.log(
    `load: ${load.generator}${wrkPath ? ` -t${settings.threads}` : ''} -c${settings.connections}, ${settings.warmupSec} s warm-up + ${settings.durationSec} s per run, ${ctx.rounds} interleaved rounds (best kept); nginx: ${nginxPath ?? 'not installed (skipped)'}`,
  );
  console.log(`build: ${fixtures.distSource}; brands: themes/ (3)`);
  console.log(
    `load average before: ${loadAverage()} (the machine is shared: figures move with what else runs)`,
  );

  if (parts.has('1') || parts.has('2') || parts.has('3')) {
    const upstream = await startBenchServer('upstream');
    const edgeOptions = { apiUrl: upstream.url, webDist: fixtures.webDist, brandsDir: fixtures.brandsDir };
    const edgeInfo = await startEdgeChild({ ...edgeOptions, logLevel: 'info' });
    try {
      if (parts.has('1')) {
        const edgeWarn = await startEdgeChild({ ...edgeOptions, logLevel: 'warn' });
        try {
          await benchThemedHtml(ctx, { info: edgeInfo, warn: edgeWarn });
        } finally {
          await edgeWarn.stop();
        }
      }
      if (parts.has('2')) await benchStaticAsset(ctx, edgeInfo);
      if (parts.has('3')) await benchApiProxy(ctx, { upstream, edge: edgeInfo });
    } finally {
      await Promise.all([edgeInfo.stop(), upstream.stop()]);
    }
  }
  if (parts.has('4')) await benchSocketIo(ctx);
  if (parts.has('5')) await benchBrandScale(ctx);
  if (parts.has('6')) await benchApiStore(ctx);
  if (parts.has('7')) await benchWeb(ctx);
  if (parts.has('8')) await benchDeviceIngest(ctx);
  if (parts.has('9')) await benchDeviceList(ctx);
  if (parts.has('10')) await benchTaskEngine(ctx);
  if (parts.has('11')) await benchFirmwareCampaign(ctx);
  if (parts.has('12')) await benchConfigPush(ctx);
  if (parts.has('13')) await benchDeviceTransports(ctx);

  if (ctx.goals.length > 0) {
    console.log('\n=== Goals ===');
    console.log(
      table(
        ['part', 'goal', 'measured', ''],
        ctx.goals.map((goal) => [goal.part, goal.goal, goal.measured, goal.met ? 'MET' : 'MISSED']),
      ),
    );
  }
  console.log(
    `\nbench finished in ${((performance.now() - started) / 1000).toFixed(0)} s; load average after: ${loadAverage()}`,
  );
} catch (error) {
  // After SIGINT/SIGTERM, failures are only the stopped children's.
  if (!cleaning) console.error('bench failed:', error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
