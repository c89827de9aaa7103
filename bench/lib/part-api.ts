import path from 'node:path';
import { type BenchContext, heading, loadTable, measureAll, withServer } from './context.ts';
import { capture, expect } from './http.ts';
import { BRAND_HOST, byLabel, contender } from './part-html.ts';
import { benchDir, runToEnd, type ServerChild, startBenchServer } from './proc.ts';
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
  servers: { upstream: ServerChild; edge: ServerChild },
): Promise<void> {
  heading(`3. API proxy: GET ${PING} through the edge vs the upstream directly`);
  const headers = { Host: BRAND_HOST };
  const answer = await capture(`${servers.edge.url}${PING}`, headers);
  expect(
    answer.status === 200 && answer.body.toString().includes('"pong"'),
    'the edge did not proxy /api/ping',
  );
  await withServer(
    () => startBenchServer('bare-proxy', [servers.upstream.url]),
    async (bareProxy) => {
      const results = await measureAll(ctx, [
        contender('upstream directly', servers.upstream, PING, headers),
        contender('bare node:http proxy', bareProxy, PING, headers),
        contender('edge (LOG_LEVEL=info)', servers.edge, PING, headers),
      ]);
      const direct = byLabel(results, 'upstream directly');
      const bare = byLabel(results, 'bare node:http proxy');
      const edge = byLabel(results, 'edge (LOG_LEVEL=info)');
      console.log(loadTable(results, direct));
      console.log(
        `closed loop, ${ctx.load.settings.connections} connections: edge/direct = ${fmtRatio(edge.rps / direct.rps)} req/s, edge/bare proxy = ${fmtRatio(edge.rps / bare.rps)}`,
      );
      console.log(
        `(through a proxy the upstream runs too, on the same 2 cores; CPU/req is the proxy process's own: the edge spends ${edge.cpuUsPerRequest.toFixed(1)} µs per proxied request, a bare node:http proxy ${bare.cpuUsPerRequest.toFixed(1)} µs, the upstream ${direct.cpuUsPerRequest.toFixed(1)} µs to answer)`,
      );

      const seconds = Math.max(3, ctx.load.settings.durationSec - 1);
      const rounds = Math.min(ctx.rounds, 2);
      console.log(
        `\nfixed rate ${RATE} req/s, open loop, ${seconds} s after 1 s warm-up, best of ${rounds} interleaved rounds by p99:`,
      );
      const targets = [
        { label: 'upstream directly', url: `${servers.upstream.url}${PING}` },
        { label: 'bare node:http proxy', url: `${bareProxy.url}${PING}` },
        { label: 'edge (LOG_LEVEL=info)', url: `${servers.edge.url}${PING}` },
      ];
      const best = new Map<string, PacedResult>();
      for (let round = 0; round < rounds; round += 1) {
        for (const target of targets) {
          const result = await paced(target.url, headers, seconds);
          const previous = best.get(target.label);
          if (!previous || result.p99 < previous.p99) best.set(target.label, result);
        }
      }
      const pacedDirect = best.get('upstream directly') as PacedResult;
      const pacedEdge = best.get('edge (LOG_LEVEL=info)') as PacedResult;
      const pacedBare = best.get('bare node:http proxy') as PacedResult;
      const addedP50 = pacedEdge.p50 - pacedDirect.p50;
      const addedP99 = pacedEdge.p99 - pacedDirect.p99;
      console.log(
        table(
          ['target', 'sent/s', 'requests', 'errors', 'p50', 'p90', 'p99', 'max'],
          targets.map(({ label }) => {
            const r = best.get(label) as PacedResult;
            return [
              label,
              fmtInt(r.achievedRate),
              fmtInt(r.requests),
              fmtInt(r.errors),
              fmtUs(r.p50),
              fmtUs(r.p90),
              fmtUs(r.p99),
              fmtUs(r.max),
            ];
          }),
        ),
      );
      console.log(`added by the edge: p50 ${fmtUs(addedP50)} (goal ≤ 1 ms) ${verdict(addedP50 <= 1000)}`);
      console.log(`                   p99 ${fmtUs(addedP99)} (goal ≤ 5 ms) ${verdict(addedP99 <= 5000)}`);
      console.log(
        `added by the bare proxy: p50 ${fmtUs(pacedBare.p50 - pacedDirect.p50)}, p99 ${fmtUs(pacedBare.p99 - pacedDirect.p99)}`,
      );
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
    },
  );
}
