import path from 'node:path';
import { type BenchContext, heading, loadTable, measureAll, withServers } from './context.ts';
import { capture, expect } from './http.ts';
import { nginxPath, startNginx } from './nginx.ts';
import { BRAND_HOST, contender, writeReplay } from './part-html.ts';
import { type ServerChild, startBenchServer } from './proc.ts';
import { fmtBytes, fmtRatio } from './stats.ts';

/** Part 2: the largest bundle, brotli variant, through the edge vs bare servers. */
export async function benchStaticAsset(ctx: BenchContext, edge: ServerChild): Promise<void> {
  const { assetUrl, assetBrBytes } = ctx.fixtures;
  heading(`2. Static asset: GET ${assetUrl}, Accept-Encoding: br (${fmtBytes(assetBrBytes)})`);
  const headers = { Host: BRAND_HOST, 'Accept-Encoding': 'br' };
  const check = await capture(`${edge.url}${assetUrl}`, headers);
  expect(check.headers['content-encoding'] === 'br', 'the edge did not answer the .br variant');
  expect(check.body.length === assetBrBytes, 'the edge answered other bytes than the .br file');
  const replay = await writeReplay(ctx, 'asset', `${edge.url}${assetUrl}`, headers);
  if (!nginxPath) console.log('nginx: skipped (not installed: apt-get install nginx-light)');

  const starts = [
    () => startBenchServer('bytes-node', [replay.specFile]),
    ...(nginxPath
      ? [
          () =>
            startNginx(path.join(ctx.tmp, 'nginx-asset'), [
              {
                urlPath: assetUrl,
                file: path.join(ctx.fixtures.webDist, `${assetUrl}.br`),
                contentType: replay.contentType,
                headers: replay.headers,
              },
            ]),
        ]
      : []),
  ];
  const results = await withServers(starts, ([node, nginx]) =>
    measureAll(ctx, [
      contender('edge (LOG_LEVEL=info)', edge, assetUrl, headers),
      contender('bare node:http', node as ServerChild, assetUrl, headers),
      ...(nginx ? [contender('nginx (.br file)', nginx, assetUrl, headers)] : []),
    ]),
  );
  const [edgeResult, node, nginx] = results;
  if (!edgeResult || !node) return;
  console.log(loadTable(results, node));
  console.log(results.map((result) => `${result.label}: ${fmtBytes(result.bytesPerSecond)}/s`).join('; '));
  console.log(`edge/bare node = ${fmtRatio(edgeResult.rps / node.rps)}`);
  if (nginx) console.log(`edge/nginx     = ${fmtRatio(edgeResult.rps / nginx.rps)}`);
}
