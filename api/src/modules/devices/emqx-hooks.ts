import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseClientId } from '@fleetport/contracts/device-protocol';
import type { Logger } from 'pino';
import type { ConnectThrottle } from './connect-throttle.ts';
import { type ConnectVerdict, mayPublish, maySubscribe } from './transport.ts';

/**
 * EMQX's HTTP authentication and authorization hooks (docs/device-protocol.md, "EMQX"): the
 * clustered broker asks Fleetport who may connect and what each device may publish and subscribe
 * to, so the embedded broker's rules hold on EMQX too: approved identities only, the client id
 * bound to serial and MAC (a clone refused and logged as reason 7), topics limited to the
 * device's own, failed attempts throttled. On an internal listener of its own that the edge never
 * routes, behind a shared secret (DEVICE_HOOKS_SECRET, sent as `Authorization: Bearer …`).
 *
 * EMQX 5 answers: HTTP 200 with `{"result": "allow" | "deny" | "ignore"}`; a client that is not a
 * device (the API replicas' own user) is `ignore`d, so EMQX's next authenticator decides.
 */
export interface EmqxHooksOptions {
  host: string;
  port: number;
  secret: string;
  log: Logger;
  verify: (serial: string, mac: string, secret: string) => Promise<ConnectVerdict>;
  throttle: ConnectThrottle;
}

export interface HookResult {
  result: 'allow' | 'deny' | 'ignore';
  /** Never: a device is always bound by the topic rules. */
  is_superuser?: false;
}

/** What EMQX sends to the authentication hook (its body template in the README). */
export interface AuthnRequest {
  clientid?: unknown;
  username?: unknown;
  password?: unknown;
  peerhost?: unknown;
}

/** What EMQX sends to the authorization hook. */
export interface AuthzRequest {
  clientid?: unknown;
  topic?: unknown;
  action?: unknown;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** CONNECT: the same check, throttle and refusal as on the embedded broker. */
export async function authenticate(
  request: AuthnRequest,
  verify: EmqxHooksOptions['verify'],
  throttle: ConnectThrottle,
): Promise<HookResult> {
  const clientId = text(request.clientid) ?? '';
  const id = parseClientId(clientId);
  // Not a device's client id: another authenticator's business (EMQX's own users).
  if (!id) return { result: 'ignore' };
  const password = text(request.password);
  const serial = id.serial === text(request.username) && password ? id.serial : '';
  const outcome = await throttle.attempt(
    text(request.peerhost),
    serial,
    async () => serial !== '' && password !== undefined && (await verify(id.serial, id.mac, password)).ok,
    () => false,
  );
  return outcome === 'accepted' ? { result: 'allow', is_superuser: false } : { result: 'deny' };
}

/** PUBLISH and SUBSCRIBE: a device under its own serial only. */
export function authorize(request: AuthzRequest): HookResult {
  const clientId = text(request.clientid) ?? '';
  if (!parseClientId(clientId)) return { result: 'ignore' };
  const topic = text(request.topic) ?? '';
  const action = text(request.action);
  const allowed =
    (action === 'publish' && mayPublish(clientId, topic)) ||
    (action === 'subscribe' && maySubscribe(clientId, topic));
  return { result: allowed ? 'allow' : 'deny' };
}

const MAX_BODY_BYTES = 4096;
const digest = (value: string) => createHash('sha256').update(value).digest();

function readJson(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        reject(error);
      }
    });
    request.on('error', reject);
  });
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** The hooks' listener; its close stops it. */
export async function startEmqxHooks(
  options: EmqxHooksOptions,
): Promise<{ port: number; close: () => Promise<void> }> {
  const expected = digest(`Bearer ${options.secret}`);
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) {
      options.log.warn({ from: request.socket.remoteAddress }, 'EMQX hook called without the shared secret');
      answer(response, 401, { message: 'The shared secret (DEVICE_HOOKS_SECRET) is missing or wrong.' });
      return;
    }
    if (request.method !== 'POST' || (request.url !== '/emqx/authn' && request.url !== '/emqx/authz')) {
      answer(response, 404, { message: 'POST /emqx/authn or /emqx/authz' });
      return;
    }
    let body: AuthnRequest & AuthzRequest;
    try {
      const parsed = await readJson(request);
      if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
      body = parsed as AuthnRequest & AuthzRequest;
    } catch {
      // EMQX reads a 4xx as "ignore": the chain goes on, and ends in a refusal.
      answer(response, 400, { message: 'The body must be a JSON object.' });
      return;
    }
    const result =
      request.url === '/emqx/authn'
        ? await authenticate(body, options.verify, options.throttle)
        : authorize(body);
    answer(response, 200, result);
  };
  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.log.error({ err: error }, 'EMQX hook failed');
      if (!response.headersSent) answer(response, 500, { message: 'The check failed; try again.' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: async () => {
      options.throttle.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
