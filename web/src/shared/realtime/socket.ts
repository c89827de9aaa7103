import {
  REALTIME_RECONNECTION_ATTEMPTS,
  REALTIME_RECONNECTION_DELAY_MAX_MS,
  REALTIME_RECONNECTION_DELAY_MS,
  REALTIME_TIMEOUT_MS,
} from '@fleetport/contracts/limits';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

/** Spec §7: the realtime path, behind the edge. */
export const REALTIME_PATH = '/status/socket.io';

/** Spec §9: websocket only, 5 reconnection attempts, 1–5 s apart, 20 s timeout. */
export const REALTIME_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  path: REALTIME_PATH,
  transports: ['websocket'],
  reconnectionAttempts: REALTIME_RECONNECTION_ATTEMPTS,
  reconnectionDelay: REALTIME_RECONNECTION_DELAY_MS,
  reconnectionDelayMax: REALTIME_RECONNECTION_DELAY_MAX_MS,
  timeout: REALTIME_TIMEOUT_MS,
  withCredentials: true,
};

type Handler = (payload: never) => void;

/**
 * One socket for the page, opened on first use. Channels are subscribed on every (re)connect
 * (spec §4: the server forgets them with the old connection) and unsubscribed when the last
 * listener leaves.
 */
export class Realtime {
  private socket: Socket | undefined;
  private readonly channels = new Map<string, Map<string, Set<Handler>>>();
  private readonly connectSocket: () => Socket;

  constructor(connect: () => Socket = () => io(REALTIME_OPTIONS)) {
    this.connectSocket = connect;
  }

  /** Listens to `event` on `channel`; returns the function that stops listening. */
  listen<T>(channel: string, event: string, handler: (payload: T) => void): () => void {
    const socket = this.open();
    let events = this.channels.get(channel);
    if (!events) {
      events = new Map();
      this.channels.set(channel, events);
      if (socket.connected) socket.emit('subscribe', { channel });
    }
    let handlers = events.get(event);
    if (!handlers) {
      handlers = new Set();
      events.set(event, handlers);
    }
    handlers.add(handler as Handler);
    return () => {
      handlers.delete(handler as Handler);
      if (handlers.size === 0) events.delete(event);
      if (events.size === 0) {
        this.channels.delete(channel);
        this.socket?.emit('unsubscribe', { channel });
      }
    };
  }

  close(): void {
    this.socket?.close();
    this.socket = undefined;
  }

  private open(): Socket {
    if (this.socket) return this.socket;
    const socket = this.connectSocket();
    socket.on('connect', () => {
      for (const channel of this.channels.keys()) socket.emit('subscribe', { channel });
    });
    socket.onAny((event: string, payload: { channel?: string } | undefined) => {
      for (const [channel, events] of this.channels) {
        if (payload?.channel !== undefined && payload.channel !== channel) continue;
        for (const handler of events.get(event) ?? []) handler(payload as never);
      }
    });
    this.socket = socket;
    return socket;
  }
}

export const realtime = new Realtime();
