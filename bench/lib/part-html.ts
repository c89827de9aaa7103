import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type BenchContext, type Contender, heading, loadTable, measureAll, withServers } from './context.ts';
import { capture, expect } from './http.ts';
import type { LoadResult } from './load.ts';
import { nginxPath, startNginx } from './nginx.ts';
import { type ServerChild, startBenchServer } from './proc.ts';
import { fmtRatio, verdict } from './stats.ts';

/** Part 1: the themed index.html through the edge vs bare servers answering the same bytes. */

export const HTML_PATH = '/management/devices';
export const BRAND_HOST = 'acme.localhost';

export interface Replay {
  specFile: string;
  bodyFile: string;
  contentType: string;
  /** Every header but Content-Type and Content-Length, for nginx's add_header. */
  headers: Record<string, string>;
}

/** Captures one edge answer for the bare servers to replay. */
export async function writeReplay(
  ctx: BenchContext,
  name: string,
  url: string,
  headers: Record<string, string>,
): Promise<Replay> {
  const captured = await capture(url, headers);
  expect(captured.status === 200, `${url} answered ${captured.status}`);
  const bodyFile = path.join(ctx.tmp, `${name}.body`);
  const specFile = path.join(ctx.tmp, `${name}.json`);
  await writeFile(bodyFile, captured.body);
  await writeFile(specFile, JSON.stringify({ status: 200, headers: captured.headers, bodyFile }));
  const flat: Record<string, string> = {};
  for (const [header, value] of Object.entries(captured.headers)) {
    if (header !== 'content-type' && header !== 'content-length') flat[header] = String(value);
  }
  return { specFile, bodyFile, contentType: String(captured.headers['content-type'] ?? ''), headers: flat };
}

export function contender(
  label: string,
  server: ServerChild,
  urlPath: string,
  headers: Record<string, string>,
): Contender {
  return { label, target: { url: `${server.url}${urlPath}`, headers }, pid: server.child.pid };
}

export function byLabel(results: readonly LoadResult[], label: string): LoadResult {
  const result = results.find((candidate) => candidate.label === label);
  if (!result) throw new Error(`no result for ${label}`);
  return result;
}

export async function benchThemedHtml(
  ctx: BenchContext,
  edges: { info: ServerChild; warn: ServerChild },
): Promise<void> {
  heading(`1. Themed index.html: GET ${HTML_PATH}, Host: ${BRAND_HOST}`);
  const headers = { Host: BRAND_HOST };
  const replay = await writeReplay(ctx, 'html', `${edges.info.url}${HTML_PATH}`, headers);
  const sample = await capture(`${edges.info.url}${HTML_PATH}`, headers);
  expect(sample.body.toString('utf8').includes('data-brand="acme"'), 'the edge did not serve the acme page');
  console.log(
    `page: ${sample.body.length} bytes, ${Object.keys(sample.headers).length} headers (CSP nonce per request); the bare servers replay one captured answer`,
  );
  if (!nginxPath) console.log('nginx: skipped (not installed: apt-get install nginx-light)');

  const starts = [
    () => startBenchServer('bytes-node', [replay.specFile]),
    () => startBenchServer('bytes-express', [replay.specFile]),
    ...(nginxPath
      ? [
          () =>
            startNginx(path.join(ctx.tmp, 'nginx-html'), [
              {
                urlPath: HTML_PATH,
                file: replay.bodyFile,
                contentType: replay.contentType,
                headers: replay.headers,
              },
            ]),
        ]
      : []),
  ];
  const results = await withServers(starts, ([node, express, nginx]) =>
    measureAll(ctx, [
      contender('edge (LOG_LEVEL=info)', edges.info, HTML_PATH, headers),
      contender('bare node:http', node as ServerChild, HTML_PATH, headers),
      contender('bare Express 5', express as ServerChild, HTML_PATH, headers),
      ...(nginx ? [contender('nginx (file)', nginx, HTML_PATH, headers)] : []),
      contender('edge (LOG_LEVEL=warn)', edges.warn, HTML_PATH, headers),
    ]),
  );
  const edgeInfo = byLabel(results, 'edge (LOG_LEVEL=info)');
  const node = byLabel(results, 'bare node:http');
  const express = byLabel(results, 'bare Express 5');
  const edgeWarn = byLabel(results, 'edge (LOG_LEVEL=warn)');
  const nginx = results.find((result) => result.label.startsWith('nginx'));

  console.log(loadTable(results, express));
  const ratio = edgeInfo.rps / express.rps;
  console.log(`edge(info)/bare Express = ${fmtRatio(ratio)}   goal ≥ 0.85  ${verdict(ratio >= 0.85)}`);
  console.log(
    `edge(warn)/bare Express = ${fmtRatio(edgeWarn.rps / express.rps)}   (CPU/req: info ${fmtRatio(edgeInfo.cpuUsPerRequest / express.cpuUsPerRequest)}, warn ${fmtRatio(edgeWarn.cpuUsPerRequest / express.cpuUsPerRequest)} of bare Express)`,
  );
  console.log(`edge(info)/bare node    = ${fmtRatio(edgeInfo.rps / node.rps)}`);
  console.log(`bare Express/bare node  = ${fmtRatio(express.rps / node.rps)}`);
  if (nginx) console.log(`edge(info)/nginx        = ${fmtRatio(edgeInfo.rps / nginx.rps)}`);
  console.log(
    `edge warn/info          = ${fmtRatio(edgeWarn.rps / edgeInfo.rps)}   (CPU/req info − warn = ${(edgeInfo.cpuUsPerRequest - edgeWarn.cpuUsPerRequest).toFixed(1)} µs: the per-request info log line, when the machine is quiet)`,
  );
  ctx.goals.push({
    part: '1 themed HTML',
    goal: 'edge/bare Express ≥ 0.85 (req/s, LOG_LEVEL=info)',
    measured: fmtRatio(ratio),
    met: ratio >= 0.85,
  });
  ctx.goals.push({
    part: '1 themed HTML',
    goal: 'same, LOG_LEVEL=warn (for comparison)',
    measured: fmtRatio(edgeWarn.rps / express.rps),
    met: edgeWarn.rps / express.rps >= 0.85,
  });
}
