import path from 'node:path';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { LoadRunner } from '../lib/load.ts';
import { repoRoot, startBenchServer, stopAll } from '../lib/proc.ts';
import { startEdgeChild } from '../lib/edge.ts';

const tmp = await mkdtemp(path.join(tmpdir(), 'fp-lv-'));
await cp(path.join(repoRoot, 'web/dist'), path.join(tmp, 'dist'), { recursive: true });
await cp(path.join(repoRoot, 'themes'), path.join(tmp, 'themes'), { recursive: true });
const upstream = await startBenchServer('upstream');
const o = { apiUrl: upstream.url, webDist: path.join(tmp, 'dist'), brandsDir: path.join(tmp, 'themes') };
const edges = [
  ['info', await startEdgeChild({ ...o, logLevel: 'info' })],
  ['warn', await startEdgeChild({ ...o, logLevel: 'warn' })],
  ['info2', await startEdgeChild({ ...o, logLevel: 'info' })],
  ['warn2', await startEdgeChild({ ...o, logLevel: 'warn' })],
] as const;
const load = new LoadRunner({ connections: 50, durationSec: 4, warmupSec: 1, threads: 1 }, tmp);
for (let r = 0; r < 2; r++) for (const [l, e] of edges) {
  const x = await load.run(l, { url: `${e.url}${process.argv[2]}`, headers: { Host: 'acme.localhost' } }, e.child.pid);
  console.log(l, Math.round(x.rps), x.cpuUsPerRequest.toFixed(1));
}
await stopAll();
