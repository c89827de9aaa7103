import {
  REALTIME_RECONNECTION_ATTEMPTS,
  REALTIME_RECONNECTION_DELAY_MAX_MS,
  REALTIME_RECONNECTION_DELAY_MS,
  REALTIME_TIMEOUT_MS,
} from '@fleetport/contracts/limits';
import { REALTIME_PATH, SUBSCRIBE, UNSUBSCRIBE } from '@fleetport/contracts/realtime-names';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';

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

/** The client library is fetched with the first listener, not with the page (first-load budget). */
const connectLazily = async (): Promise<Socket> => (await import('socket.io-client')).io(REALTIME_OPTIONS);

/**
 * One socket for the page, opened on first use. Channels are subscribed on every (re)connect
 * (spec §4: the server forgets them with the old connection) and unsubscribed when the last
 * listener leaves.
 */
export class Realtime {
  private socket: Socket | undefined;
  private opening: Promise<void> | undefined;
  private closed = false;
  private readonly channels = new Map<string, Map<string, Set<Handler>>>();
  private readonly connectSocket: () => Socket | Promise<Socket>;

  constructor(connect: () => Socket | Promise<Socket> = connectLazily) {
    this.connectSocket = connect;
  }

  /** Listens to `event` on `channel`; returns the function that stops listening. */
  listen<T>(channel: string, event: string, handler: (payload: T) => void): () => void {
    this.open();
    let events = this.channels.get(channel);
    if (!events) {
      events = new Map();
      this.channels.set(channel, events);
      // Not connected yet: the connect handler subscribes every channel then.
      if (this.socket?.connected) this.socket.emit(SUBSCRIBE, { channel });
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
        this.socket?.emit(UNSUBSCRIBE, { channel });
      }
    };
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
    this.socket = undefined;
    this.opening = undefined;
  }

  private open(): void {
    if (this.opening) return;
    this.closed = false;
    this.opening = Promise.resolve(this.connectSocket()).then(
      (socket) => {
        if (this.closed) socket.close();
        else this.attach(socket);
      },
      (error: unknown) => {
        // The library could not load (offline, a new build): the next listener tries again.
        console.error(error);
        this.opening = undefined;
      },
    );
  }

  private attach(socket: Socket): void {
    const subscribeAll = () => {
      for (const channel of this.channels.keys()) socket.emit(SUBSCRIBE, { channel });
    };
    socket.on('connect', subscribeAll);
    // The server ends a socket whose user changed (a new role): it comes back re-authenticated.
    socket.on('disconnect', (reason: string) => {
      if (reason === 'io server disconnect' && !this.closed) socket.connect();
    });
    if (socket.connected) subscribeAll();
    socket.onAny((event: string, payload: { channel?: string } | undefined) => {
      for (const [channel, events] of this.channels) {
        if (payload?.channel !== undefined && payload.channel !== channel) continue;
        for (const handler of events.get(event) ?? []) handler(payload as never);
      }
    });
    this.socket = socket;
  }
}

export const realtime = new Realtime();
