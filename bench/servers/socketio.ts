import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { listenAndAnnounce } from './spec.ts';

/** A socket.io server at the API's path that acknowledges every `echo` with its payload. */
const server = createServer((_req, res) => {
  res.writeHead(404);
  res.end();
});
const io = new Server(server, { path: '/status/socket.io', transports: ['websocket'], serveClient: false });
io.on('connection', (socket) => {
  socket.on('echo', (payload: unknown, ack: unknown) => {
    if (typeof ack === 'function') ack(payload);
  });
});
listenAndAnnounce(server);
