import { createServer } from 'node:http';
import { listenAndAnnounce } from './spec.ts';

/** The tiny API the edge proxies to: the envelope's pong for every request. */
const body = Buffer.from(JSON.stringify({ success: true, data: 'pong', errors: [] }));

listenAndAnnounce(
  createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': body.length,
      });
      res.end(body);
    });
  }),
);
