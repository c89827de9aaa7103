import { createServer } from 'node:http';
import { listenAndAnnounce, readSpec } from './spec.ts';

/** Bare node:http: the captured status, headers and body for every request. */
const { spec, body } = readSpec(process.argv[2]);

listenAndAnnounce(
  createServer((_req, res) => {
    res.writeHead(spec.status, spec.headers);
    res.end(body);
  }),
);
