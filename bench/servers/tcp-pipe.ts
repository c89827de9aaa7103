import { connect, createServer } from 'node:net';
import { listenAndAnnounce } from './spec.ts';

/** The floor for any proxy written in Node: bytes piped between two TCP sockets, nothing parsed. */
const target = new URL(process.argv[2] ?? '');

const server = createServer((client) => {
  const upstream = connect(Number(target.port), target.hostname);
  client.setNoDelay(true);
  upstream.setNoDelay(true);
  client.pipe(upstream).pipe(client);
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on('error', close);
  upstream.on('error', close);
  client.on('close', close);
  upstream.on('close', close);
});
listenAndAnnounce(server);
