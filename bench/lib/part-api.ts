import path from 'node:path';
import { type BenchContext, heading, loadTable, measureAll } from './context.ts';
import { capture, expect } from './http.ts';
import { BRAND_HOST, byLabel, contender } from './part-html.ts';
import { benchDir, runToEnd, type ServerChild } from './proc.ts';
import { fmtInt, fmtRatio, fmtUs, table, verdict } from './stats.ts';

/** Part 3: /api/ping through the edge's proxy vs the upstream directly. */

const PING = '/api/ping';
const RATE = 1000;

interface PacedResult {
  requests: number;
  errors: number;
  achievedRate: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** The open-loop client, in its own process. */
async function paced(
  url: string,
  headers: Record<string, string>,
  durationSec: number,
): Promise<PacedResult> {
  const options = JSON.stringify({ url, headers, rate: RATE, durationSec, warmupSec: 1 });
  const out = await runToEnd(process.execPath, [path.join(benchDir, 'workers/paced-client.ts'), options], {
    timeoutMs: (durationSec + 30) * 1000,
  });
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as PacedResult;
}

export async function benchApiProxy(
  ctx: BenchContext,
  servers: { upstream: ServerChild; edgeInfo: ServerChild; edgeWarn: ServerChild },
): Promise<void> {
  heading(`3. API proxy: GET ${PING} through the edge vs the upstream directly`);
  const headers = { Host: BRAND_HOST };
  const answer = await capture(`${servers.edgeInfo.url}${PING}`, headers);
  expect(
    answer.status === 200 && answer.body.toString().includes('"pong"'),
    'the edge did not proxy /api/ping',
  );

  const results = await measureAll(ctx, [
    contender('upstream directly', servers.upstream, PING, headers),
    contender('edge (LOG_LEVEL=info)', servers.edgeInfo, PING, headers),
    contender('edge (LOG_LEVEL=warn)', servers.edgeWarn, PING, headers),
  ]);
  const direct = byLabel(results, 'upstream directly');
  const edgeInfo = byLabel(results, 'edge (LOG_LEVEL=info)');
  const edgeWarn = byLabel(results, 'edge (LOG_LEVEL=warn)');
  console.log(loadTable(results, direct));
  console.log(
    `closed loop, ${ctx.load.settings.connections} connections: edge(info)/direct = ${fmtRatio(edgeInfo.rps / direct.rps)} req/s, edge(warn)/direct = ${fmtRatio(edgeWarn.rps / direct.rps)}`,
  );
  console.log(
    `(through the edge the upstream runs too, on the same 2 cores; CPU/req is the edge process's own: ${edgeInfo.cpuUsPerRequest.toFixed(1)} µs per proxied request at info vs ${direct.cpuUsPerRequest.toFixed(1)} µs for the upstream to answer)`,
  );

  const seconds = Math.max(3, ctx.load.settings.durationSec - 1);
  console.log(
    `\nfixed rate ${RATE} req/s, open loop, ${seconds} s after 1 s warm-up, best of ${ctx.rounds} interleaved rounds by p99:`,
  );
  let pacedDirect: PacedResult | undefined;
  let pacedEdge: PacedResult | undefined;
  for (let round = 0; round < ctx.rounds; round += 1) {
    const d = await paced(`${servers.upstream.url}${PING}`, headers, seconds);
    const e = await paced(`${servers.edgeInfo.url}${PING}`, headers, seconds);
    if (!pacedDirect || d.p99 < pacedDirect.p99) pacedDirect = d;
    if (!pacedEdge || e.p99 < pacedEdge.p99) pacedEdge = e;
  }
  if (!pacedDirect || !pacedEdge) return;
  const addedP50 = pacedEdge.p50 - pacedDirect.p50;
  const addedP99 = pacedEdge.p99 - pacedDirect.p99;
  const row = (label: string, r: PacedResult) => [
    label,
    fmtInt(r.achievedRate),
    fmtInt(r.requests),
    fmtInt(r.errors),
    fmtUs(r.p50),
    fmtUs(r.p90),
    fmtUs(r.p99),
    fmtUs(r.max),
  ];
  console.log(
    table(
      ['target', 'sent/s', 'requests', 'errors', 'p50', 'p90', 'p99', 'max'],
      [row('upstream directly', pacedDirect), row('edge (LOG_LEVEL=info)', pacedEdge)],
    ),
  );
  console.log(`added by the edge: p50 ${fmtUs(addedP50)} (goal ≤ 1 ms) ${verdict(addedP50 <= 1000)}`);
  console.log(`                   p99 ${fmtUs(addedP99)} (goal ≤ 5 ms) ${verdict(addedP99 <= 5000)}`);
  ctx.goals.push(
    {
      part: '3 API proxy',
      goal: `added p50 at ${RATE} req/s ≤ 1 ms`,
      measured: fmtUs(addedP50),
      met: addedP50 <= 1000,
    },
    {
      part: '3 API proxy',
      goal: `added p99 at ${RATE} req/s ≤ 5 ms`,
      measured: fmtUs(addedP99),
      met: addedP99 <= 5000,
    },
  );
}
