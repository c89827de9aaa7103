import { createServer } from 'node:http';
import express from 'express';
import { listenAndAnnounce, readSpec } from './spec.ts';

/** A bare Express 5 app (one handler, same settings as the edge) replaying the captured answer. */
const { spec, body } = readSpec(process.argv[2]);
const headers = Object.entries(spec.headers);

const app = express();
app.disable('x-powered-by');
app.disable('etag');
app.use((_req, res) => {
  for (const [name, value] of headers) res.setHeader(name, value);
  res.statusCode = spec.status;
  res.end(body);
});

listenAndAnnounce(createServer(app));
