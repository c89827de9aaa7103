import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { Realtime } from './socket.ts';

/** A stand-in for socket.io's client socket: records emits, lets the test fire server events. */
class FakeSocket {
  connected = false;
  closed = false;
  readonly emitted: [string, unknown][] = [];
  private readonly listeners = new Map<string, ((reason?: string) => void)[]>();
  private anyListener: ((event: string, payload: unknown) => void) | undefined;
  on(event: string, listener: (reason?: string) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  onAny(listener: (event: string, payload: unknown) => void) {
    this.anyListener = listener;
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  close() {
    this.closed = true;
    return this;
  }
  /** The transport (re)connected. */
  connect() {
    this.connected = true;
    for (const listener of this.listeners.get('connect') ?? []) listener();
  }
  /** The connection ended, for `reason` (socket.io's words). */
  disconnect(reason: string) {
    this.connected = false;
    for (const listener of this.listeners.get('disconnect') ?? []) listener(reason);
  }
  serverSends(event: string, payload: unknown) {
    this.anyListener?.(event, payload);
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const socket = new FakeSocket();
  let opened = 0;
  const realtime = new Realtime(async () => {
    opened += 1;
    return socket as unknown as Socket;
  });
  return { socket, realtime, opened: () => opened };
}

describe('Realtime (spec §4, §7: private channels over one socket)', () => {
  it('opens one socket, lazily, on the first listener', async () => {
    const { realtime, opened } = setup();
    expect(opened()).toBe(0);
    realtime.listen('private-notifications.7', 'WebNotificationCreated', () => {});
    realtime.listen('private-company.3.devices', 'DeviceStatusChanged', () => {});
    await settle();
    expect(opened()).toBe(1);
  });

  it('spec §4: subscribes every channel on connect and again on every reconnect', async () => {
    const { socket, realtime } = setup();
    realtime.listen('private-notifications.7', 'WebNotificationCreated', () => {});
    await settle();
    socket.connect();
    socket.connect();
    const subscribes = socket.emitted.filter(([event]) => event === 'subscribe');
    expect(subscribes).toEqual([
      ['subscribe', { channel: 'private-notifications.7' }],
      ['subscribe', { channel: 'private-notifications.7' }],
    ]);
  });

  it('a socket the server ended (the user changed) connects again and resubscribes; one the client closed does not', async () => {
    const { socket, realtime } = setup();
    realtime.listen('private-notifications.7', 'UserChanged', () => {});
    await settle();
    socket.connect();
    socket.disconnect('io server disconnect');
    expect(socket.connected).toBe(true);
    expect(socket.emitted.filter(([event]) => event === 'subscribe')).toHaveLength(2);
    socket.disconnect('transport close');
    expect(socket.connected).toBe(false);
  });

  it('subscribes a channel added while connected at once, and unsubscribes when its last listener leaves', async () => {
    const { socket, realtime } = setup();
    realtime.listen('a', 'E', () => {});
    await settle();
    socket.connect();
    const stopFirst = realtime.listen('b', 'E', () => {});
    const stopSecond = realtime.listen('b', 'F', () => {});
    expect(socket.emitted.filter(([, payload]) => (payload as { channel: string }).channel === 'b')).toEqual([
      ['subscribe', { channel: 'b' }],
    ]);
    stopFirst();
    expect(socket.emitted.at(-1)).toEqual(['subscribe', { channel: 'b' }]);
    stopSecond();
    expect(socket.emitted.at(-1)).toEqual(['unsubscribe', { channel: 'b' }]);
  });

  it('hands an event only to the listeners of its channel and event name', async () => {
    const { socket, realtime } = setup();
    const mine: unknown[] = [];
    const other: unknown[] = [];
    realtime.listen('private-notifications.7', 'WebNotificationCreated', (payload) => mine.push(payload));
    realtime.listen('private-notifications.8', 'WebNotificationCreated', (payload) => other.push(payload));
    await settle();
    socket.connect();
    socket.serverSends('WebNotificationCreated', { channel: 'private-notifications.7', id: 1 });
    socket.serverSends('SomethingElse', { channel: 'private-notifications.7', id: 2 });
    expect(mine).toEqual([{ channel: 'private-notifications.7', id: 1 }]);
    expect(other).toEqual([]);
  });

  it('closes a socket that arrives after close()', async () => {
    const { socket, realtime } = setup();
    realtime.listen('a', 'E', () => {});
    realtime.close();
    await settle();
    expect(socket.closed).toBe(true);
  });
});
