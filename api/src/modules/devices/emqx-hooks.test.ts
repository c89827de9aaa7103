import { CONNECTION_REASONS, clientIdFor } from '@fleetport/contracts/device-protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceConnectionLog, deviceIdentities } from '../../db/schema.ts';
import { type ApiFixture, startTestApi } from '../../testing/fixtures.ts';
import { secretDigest } from './status.ts';

// Issue 31: EMQX's HTTP authentication and authorization hooks apply the embedded broker's rules
// (docs/device-protocol.md, "Identity and connecting", "EMQX"). The requests are shaped as EMQX 5
// sends them with the body templates the README gives; the answers as EMQX reads them
// (HTTP 200, {"result": "allow" | "deny" | "ignore", "is_superuser": false}).

const SECRET = 'a-shared-secret-of-at-least-32-chars-00';
const RIGHT = 'the-right-secret-0123456789abcdef';
const MAC = '00:1E:42:31:31:31';
const serial = `31${String(Date.now()).slice(-8)}`;

let fx: ApiFixture;
let hooks: string;
let identityId: number;
beforeAll(async () => {
  fx = await startTestApi({ DEVICE_HOOKS_PORT: 0, DEVICE_HOOKS_SECRET: SECRET, MQTT_AUTH_MAX_FAILURES: 3 });
  hooks = `http://127.0.0.1:${fx.api.hooksPort}`;
  const [identity] = await fx.api.deps.db
    .insert(deviceIdentities)
    .values({ serial, mac: MAC, secretSha256: secretDigest(RIGHT) })
    .returning();
  identityId = identity?.id as number;
});
afterAll(() => fx.stop());

async function hook(
  path: string,
  body: unknown,
  secret = SECRET,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${hooks}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const connect = (fields: { clientid: string; username: string; password: string; peerhost?: string }) =>
  hook('/emqx/authn', { peerhost: '10.0.0.1', ...fields });

describe('EMQX authentication hook (CONNECT)', () => {
  it('allows an approved device, never as superuser; refuses every other case alike', async () => {
    const clientid = clientIdFor(serial, MAC);
    expect(await connect({ clientid, username: serial, password: RIGHT })).toEqual({
      status: 200,
      body: { result: 'allow', is_superuser: false },
    });
    const deny = { status: 200, body: { result: 'deny' } };
    // Each from an address of its own: the count of one address is not what is tested here.
    // An unknown serial, a wrong secret, a client id that names another serial.
    const unknown = '3199999999';
    expect(
      await connect({
        clientid: clientIdFor(unknown, MAC),
        username: unknown,
        password: RIGHT,
        peerhost: '10.0.1.1',
      }),
    ).toEqual(deny);
    expect(
      await connect({ clientid, username: serial, password: 'wrong-secret-000000000', peerhost: '10.0.1.2' }),
    ).toEqual(deny);
    expect(await connect({ clientid, username: unknown, password: RIGHT, peerhost: '10.0.1.3' })).toEqual(
      deny,
    );
    // A clone: the right serial and secret from another MAC is refused and logged as reason 7.
    expect(
      await connect({
        clientid: clientIdFor(serial, '00:1E:42:99:99:99'),
        username: serial,
        password: RIGHT,
        peerhost: '10.0.1.4',
      }),
    ).toEqual(deny);
    const logged = await fx.api.deps.db
      .select({ reason: deviceConnectionLog.reason })
      .from(deviceConnectionLog)
      .where(eq(deviceConnectionLog.identityId, identityId));
    expect(logged.map((row) => row.reason)).toContain(CONNECTION_REASONS.serialWithOtherMac);
  });

  it("leaves a client that is not a device to EMQX's next authenticator (the API replicas' own user)", async () => {
    expect(await connect({ clientid: 'fleetport-api-1', username: 'fleetport', password: 'x' })).toEqual({
      status: 200,
      body: { result: 'ignore' },
    });
  });

  it('throttles failures as the embedded broker does: a banned address is refused even the right secret', async () => {
    const clientid = clientIdFor(serial, MAC);
    for (let guess = 0; guess < 3; guess++) {
      expect(
        (
          await connect({
            clientid,
            username: serial,
            password: `guess-${guess}-0000000000`,
            peerhost: '10.9.9.9',
          })
        ).body,
      ).toEqual({ result: 'deny' });
    }
    expect(
      (await connect({ clientid, username: serial, password: RIGHT, peerhost: '10.9.9.9' })).body,
    ).toEqual({
      result: 'deny',
    });
    // The genuine device, from its own address, gets in.
    expect(
      (await connect({ clientid, username: serial, password: RIGHT, peerhost: '10.0.0.7' })).body,
    ).toEqual({
      result: 'allow',
      is_superuser: false,
    });
  });
});

describe('EMQX authorization hook (PUBLISH, SUBSCRIBE)', () => {
  it('a device publishes under its own serial and subscribes to its own cmd and config only', async () => {
    const clientid = clientIdFor(serial, MAC);
    const check = async (action: string, topic: string) =>
      (
        (await hook('/emqx/authz', { clientid, username: serial, topic, action, peerhost: '10.0.0.1' }))
          .body as {
          result: string;
        }
      ).result;
    expect(await check('publish', `fp/v1/${serial}/telemetry/dynamic`)).toBe('allow');
    expect(await check('publish', `fp/v1/${serial}/status`)).toBe('allow');
    expect(await check('subscribe', `fp/v1/${serial}/cmd`)).toBe('allow');
    expect(await check('subscribe', `fp/v1/${serial}/config`)).toBe('allow');
    // Another device's topics, a device publishing commands, a wildcard: refused.
    expect(await check('publish', 'fp/v1/3100000001/telemetry/dynamic')).toBe('deny');
    expect(await check('subscribe', 'fp/v1/3100000001/cmd')).toBe('deny');
    expect(await check('publish', `fp/v1/${serial}/cmd`)).toBe('deny');
    expect(await check('subscribe', 'fp/v1/#')).toBe('deny');
  });
});

describe('the hooks listener', () => {
  it('answers only with the shared secret, and is not on the API port the edge routes', async () => {
    const body = { clientid: clientIdFor(serial, MAC), username: serial, password: RIGHT };
    expect((await hook('/emqx/authn', body, 'not-the-secret')).status).toBe(401);
    // The API's own port knows no such route: nothing there answers a hook.
    const viaApi = await fetch(`${fx.url}/emqx/authn`, { method: 'POST', body: JSON.stringify(body) });
    expect(viaApi.status).toBeGreaterThanOrEqual(400);
    expect(await viaApi.text()).not.toContain('"result"');
    expect(fx.api.hooksPort).not.toBe(fx.api.port);
  });
});
