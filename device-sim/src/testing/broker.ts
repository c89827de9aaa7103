import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { parseClientId } from '@fleetport/contracts/device-protocol';
import { Aedes } from 'aedes';
import { connectAsync, type MqttClient } from 'mqtt';

export interface Identity {
  mac: string;
  secret: string;
}

/**
 * An in-process MQTT broker for tests. Given `identityOf`, it applies the gateway's rule at
 * CONNECT (docs/device-protocol.md): client id `fp-<serial>-<MAC>` with the approved MAC, the
 * serial as user name and the secret as password; any mismatch is "bad user name or password".
 */
export async function startBroker(
  options: {
    identityOf?: (serial: string) => Promise<Identity | undefined> | Identity | undefined;
    /** Serials answered "not authorized" (5) unchecked, as the gateway answers a banned address. */
    banned?: ReadonlySet<string>;
  } = {},
) {
  const broker = await Aedes.createBroker();
  const { identityOf, banned } = options;
  if (identityOf) {
    broker.authenticate = (client, username, password, done) => {
      if (banned?.has(parseClientId(client.id)?.serial ?? '')) {
        done(Object.assign(new Error('not authorized'), { returnCode: 5 }), false);
        return;
      }
      const check = async () => {
        if (username === OBSERVER) return true;
        const claimed = parseClientId(client.id);
        if (!claimed || claimed.serial !== username) return false;
        const identity = await identityOf(claimed.serial);
        return identity?.mac === claimed.mac && password?.toString() === identity.secret;
      };
      check().then(
        (ok) =>
          done(ok ? null : Object.assign(new Error('bad user name or password'), { returnCode: 4 }), ok),
        (error: Error) => done(Object.assign(error, { returnCode: 3 }), false),
      );
    };
  }
  // A will is published on behalf of a client whose connection is already closed.
  const wills: string[] = [];
  broker.on('publish', (packet, client) => {
    if (client?.closed) wills.push(packet.topic);
  });
  const server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    broker,
    /** Topics the broker published as last wills, in order. */
    wills,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const OBSERVER = 'observer';

export interface Received {
  topic: string;
  json: unknown;
  retain: boolean;
}

/** A client that watches topics and lets a test wait for the next message that matches. */
export async function observe(url: string, topics: string | string[]) {
  const client: MqttClient = await connectAsync(url, {
    clientId: `observer-${Math.random().toString(36).slice(2)}`,
    username: OBSERVER,
    password: 'observer',
    reconnectPeriod: 0,
  });
  const messages: Received[] = [];
  const waiters = new Set<() => void>();
  client.on('message', (topic, payload, packet) => {
    messages.push({ topic, json: JSON.parse(payload.toString('utf8')), retain: packet.retain });
    for (const wake of waiters) wake();
  });
  await client.subscribeAsync(topics, { qos: 1 });
  /** Resolves with the first message at or after `from` that matches; `from` defaults to now. */
  const next = (
    match: (message: Received) => boolean,
    from = messages.length,
    ms = 10_000,
  ): Promise<Received> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = messages.slice(from).find(match);
        if (!found) return false;
        cleanup();
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(
            `no matching message within ${ms} ms; saw ${messages
              .slice(from)
              .map((m) => m.topic)
              .join(', ')}`,
          ),
        );
      }, ms);
      const wake = () => void check();
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(wake);
      };
      waiters.add(wake);
      check();
    });
  return {
    client,
    messages,
    next,
    mark: () => messages.length,
    publish: (topic: string, message: unknown, retain = false) =>
      client.publishAsync(topic, JSON.stringify(message), { qos: 1, retain }),
    close: () => client.endAsync(true),
  };
}
