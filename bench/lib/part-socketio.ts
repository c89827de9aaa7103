import { io } from 'socket.io-client';
import { type BenchContext, heading } from './context.ts';
import { startEdgeChild } from './edge.ts';
import { startBenchServer } from './proc.ts';
import { fmtRatio, fmtUs, summarise, table, verdict } from './stats.ts';

/** Part 4: socket.io emit-with-ack round trips, sequential, through the edge vs directly. */

type Stats = ReturnType<typeof summarise>;

const WARMUP = 500;
const ROUND_TRIPS = 2000;

async function roundTrips(url: string): Promise<number[]> {
  const socket = io(url, {
    path: '/status/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(new Error(`socket.io to ${url}: ${error.message}`)));
    });
    const payload = { device: 'fp-0001', status: 'online', seq: 0 };
    const samples: number[] = [];
    for (let index = 0; index < WARMUP + ROUND_TRIPS; index += 1) {
      payload.seq = index;
      const start = performance.now();
      await socket.timeout(5000).emitWithAck('echo', payload);
      if (index >= WARMUP) samples.push((performance.now() - start) * 1000);
    }
    return samples;
  } finally {
    socket.disconnect();
  }
}

export async function benchSocketIo(ctx: BenchContext): Promise<void> {
  heading(
    `4. socket.io round trip (emit with ack, ${ROUND_TRIPS} sequential after ${WARMUP} warm-up, best of ${ctx.rounds} rounds)`,
  );
  const upstream = await startBenchServer('socketio');
  const edge = await startEdgeChild({
    apiUrl: upstream.url,
    webDist: ctx.fixtures.webDist,
    brandsDir: ctx.fixtures.brandsDir,
    logLevel: 'info',
  });
  const pipe = await startBenchServer('tcp-pipe', [upstream.url]);
  try {
    // Interleaved rounds; each path's round with the lowest median is kept.
    const paths = [
      { label: 'socket.io server directly', url: upstream.url },
      { label: 'through a bare TCP pipe', url: pipe.url },
      { label: 'through the edge', url: edge.url },
    ];
    const best = new Map<string, Stats>();
    for (let round = 0; round < ctx.rounds; round += 1) {
      for (const { label, url } of paths) {
        const stats = summarise(await roundTrips(url));
        const previous = best.get(label);
        if (!previous || stats.p50 < previous.p50) best.set(label, stats);
      }
    }
    const direct = best.get('socket.io server directly') as Stats;
    const viaPipe = best.get('through a bare TCP pipe') as Stats;
    const viaEdge = best.get('through the edge') as Stats;
    console.log(
      table(
        ['path', 'p50', 'p90', 'p99', 'max', 'p50 vs direct'],
        paths.map(({ label }) => {
          const stats = best.get(label) as Stats;
          return [
            label,
            fmtUs(stats.p50),
            fmtUs(stats.p90),
            fmtUs(stats.p99),
            fmtUs(stats.max),
            fmtRatio(stats.p50 / direct.p50),
          ];
        }),
      ),
    );
    const ratio = viaEdge.p50 / direct.p50;
    console.log(`median edge/direct = ${fmtRatio(ratio)} (goal ≤ 1.5×) ${verdict(ratio <= 1.5)}`);
    console.log(`p99 edge/direct    = ${fmtRatio(viaEdge.p99 / direct.p99)}`);
    console.log(
      `the edge adds ${fmtUs(viaEdge.p50 - direct.p50)} per round trip at the median; a bare TCP pipe (the floor for any proxy in Node) adds ${fmtUs(viaPipe.p50 - direct.p50)}`,
    );
    ctx.goals.push({
      part: '4 socket.io',
      goal: 'median round trip edge/direct ≤ 1.5×',
      measured: fmtRatio(ratio),
      met: ratio <= 1.5,
    });
  } finally {
    await Promise.all([edge.stop(), pipe.stop(), upstream.stop()]);
  }
}
