import { Agent, request } from 'node:http';

/**
 * An open-loop client at a fixed rate (what wrk2 would do): a request is started every
 * 1/rate s whatever the previous ones are doing, over a keep-alive pool. Latency is measured
 * in µs from the moment the request is started to the end of its response. Prints one JSON line.
 */

interface Options {
  url: string;
  headers: Record<string, string>;
  rate: number;
  durationSec: number;
  warmupSec: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const target = new URL(options.url);
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function once(): Promise<number> {
  const start = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        headers: options.headers,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200 ? (performance.now() - start) * 1000 : -1));
        res.on('error', () => resolve(-1));
      },
    );
    req.on('error', () => resolve(-1));
    req.end();
  });
}

async function phase(seconds: number, samples: number[] | undefined): Promise<number> {
  const total = Math.round(options.rate * seconds);
  const begin = performance.now();
  const pending: Promise<void>[] = [];
  let sent = 0;
  let sendingMs = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - begin) / 1000) * options.rate) + 1);
      while (sent < due) {
        sent += 1;
        pending.push(
          once().then((us) => {
            samples?.push(us);
          }),
        );
      }
      if (sent >= total) {
        sendingMs = performance.now() - begin;
        done();
      } else setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(pending);
  // The last request is due at (total - 1) / rate.
  return ((sent - 1) / sendingMs) * 1000;
}

await phase(options.warmupSec, undefined);
const samples: number[] = [];
const achievedRate = await phase(options.durationSec, samples);
const ok = samples.filter((us) => us >= 0).sort((a, b) => a - b);
const at = (p: number) =>
  ok[Math.min(ok.length - 1, Math.max(0, Math.ceil((p / 100) * ok.length) - 1))] ?? -1;
process.stdout.write(
  `${JSON.stringify({
    requests: samples.length,
    errors: samples.length - ok.length,
    achievedRate,
    p50: at(50),
    p90: at(90),
    p99: at(99),
    max: ok[ok.length - 1] ?? -1,
  })}\n`,
);
agent.destroy();
