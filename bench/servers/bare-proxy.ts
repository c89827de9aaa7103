import { Agent, createServer, request } from 'node:http';
import { listenAndAnnounce } from './spec.ts';

/**
 * The reference HTTP proxy: node:http in, node:http out over a keep-alive agent, headers passed
 * through. What proxying costs in Node before any library, logging or header filtering.
 */
const target = new URL(process.argv[2] ?? '');
const agent = new Agent({ keepAlive: true, maxSockets: 512 });

listenAndAnnounce(
  createServer((req, res) => {
    const proxyReq = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent,
      },
      (proxyRes) => {
        res.writeHead(proxyRes.statusCode ?? 502, proxyRes.headers);
        proxyRes.pipe(res);
      },
    );
    proxyReq.on('error', () => res.destroy());
    req.pipe(proxyReq);
  }),
);
