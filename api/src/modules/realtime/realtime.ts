import type { Server as HttpServer, IncomingMessage } from 'node:http';
import {
  ACTION_STATUS_EVENT,
  type ActionStatusEvent,
  type ActionStatusItem,
} from '@fleetport/contracts/action-status';
import type { AppVersion } from '@fleetport/contracts/app-version';
import {
  APP_CHANNEL,
  APP_VERSION_RELEASED,
  actionStatusChannel,
  DEVICES_CHANNEL,
  REALTIME_EVENTS,
  REALTIME_PATH,
  type RealtimeEvent,
  type RealtimePayload,
  realtimePayloadSchemas,
  SUBSCRIBE,
  type SubscriptionAnswer,
  UNSUBSCRIBE,
} from '@fleetport/contracts/realtime';
import { createAdapter } from '@socket.io/redis-adapter';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';
import type { AppVersionWatcher } from '../app-version/watcher.ts';
import type { AuthContext } from '../auth/context.ts';
import type { SessionService } from '../auth/sessions.ts';
import { canSeeCompany } from '../companies/scope.ts';

/** The path, the channels, the event names and their payloads: contracts/src/realtime.ts. */
export { DEVICES_CHANNEL, REALTIME_PATH };
/** The events the console listens for, by what they tell. */
export const EVENTS = REALTIME_EVENTS;

/** The server-only room of a user's sockets (never a channel a client subscribes to). */
const userRoom = (userId: number) => `user:${userId}`;
/** The server-only room of a session's sockets: ending the session disconnects them. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** setTimeout's longest delay (about 24.8 days): a longer session's expiry timer is re-armed. */
const MAX_TIMER_MS = 2_147_483_647;

export interface RealtimeOptions {
  server: HttpServer;
  sessions: SessionService;
  db: Db;
  log: Logger;
  /** Whether a request came through a proxy whose X-Forwarded-* we believe. */
  trustProxy: (address: string) => boolean;
  redis?: { pub: Redis; sub: Redis } | undefined;
  /** The console build being served: announced on `public-app` when it changes. */
  appVersions?: AppVersionWatcher | undefined;
  /**
   * Checks every payload against its event's schema before it is sent, and throws on a
   * mismatch (naming the event and the issues): on in the tests, off in production.
   */
  checkPayloads?: boolean;
}

/** A payload that does not match its event's schema (only with `checkPayloads`). */
export class PayloadMismatchError extends Error {
  constructor(event: string, issues: readonly string[]) {
    super(`the ${event} payload does not match its schema:\n  ${issues.join('\n  ')}`);
    this.name = 'PayloadMismatchError';
  }
}

/** Granted: the socket joins the channel itself, or the rooms it stands for (`private-devices`). */
type Authorisation = { ok: true; rooms?: string[] } | { ok: false; reason: string };

/** How many actions' last reports are kept for late subscribers. */
const MAX_REMEMBERED_ACTIONS = 1000;

/** The room of every device's events, for the all-companies scope. */
export const ALL_DEVICES_ROOM = 'devices.all';

/**
 * socket.io at /status/socket.io. The handshake is authenticated by the session cookie and
 * refused from another origin. Clients emit `subscribe {channel}` / `unsubscribe {channel}`;
 * every channel is authorised here:
 * - `private-notifications.{user id}`: that user only;
 * - `private-status.{action id}`: only the user who started the action;
 * - `private-company.{company id}.{topic}`: companies the caller may see (spec §6). `devices`
 *   carries that company's device events, `subtree-devices` those of the company and every
 *   company below it (not for a one-company scope); both need view_devices;
 * - `private-devices`: every device event the caller may see, with view_devices: it stands for
 *   the whole fleet (scope all), the subtree channel of the caller's company (subtree) or its
 *   `devices` channel (one company), so a console need not know its scope;
 * - `public-app`: any signed-in socket (the console build being served, spec §4).
 * With Redis, the adapter delivers across API instances.
 */
export class Realtime {
  readonly io: Server;
  private readonly actionOwners = new Map<string, number>();
  /** Each action's items as last reported, replayed to a subscriber who came after (a fast device). */
  private readonly actionItems = new Map<
    string,
    { event: typeof ACTION_STATUS_EVENT; items: Map<ActionStatusItem['id'], ActionStatusItem> }
  >();
  private readonly db: Db;
  private readonly sessions: SessionService;
  private readonly appVersions: AppVersionWatcher | undefined;
  private readonly checkPayloads: boolean;

  constructor(options: RealtimeOptions) {
    this.checkPayloads = options.checkPayloads ?? false;
    this.db = options.db;
    this.sessions = options.sessions;
    this.appVersions = options.appVersions;
    // Wherever a session ends (logout, password or MFA change, reset, impersonation end, user
    // deleted), its sockets go, on every replica.
    options.sessions.onEnded((sessionIds) => this.sessionsEnded(sessionIds));
    options.appVersions?.subscribe((version) => this.announceAppVersion(version));
    this.io = new Server(options.server, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      serveClient: false,
      // Origin is checked in allowRequest, against the origin the browser used.
      allowRequest: (req, callback) => callback(null, sameOrigin(req, options.trustProxy)),
    });
    if (options.redis) this.io.adapter(createAdapter(options.redis.pub, options.redis.sub));

    this.io.use(async (socket, next) => {
      try {
        const req = socket.request;
        const auth = await options.sessions.authenticate({
          headers: req.headers,
          secure: isSecure(req, options.trustProxy),
        });
        if (!auth) {
          next(new Error('UNAUTHORIZED'));
          return;
        }
        socket.data.auth = auth;
        next();
      } catch (error) {
        options.log.error({ err: error }, 'realtime handshake failed');
        next(new Error('INTERNAL_ERROR'));
      }
    });

    this.io.on('connection', (socket) => {
      const auth = socket.data.auth as AuthContext;
      void socket.join([userRoom(auth.userId), sessionRoom(auth.sessionId)]);
      disconnectAtExpiry(socket, auth.sessionExpiresAt);
      socket.on(SUBSCRIBE, async (payload: unknown, ack?: (answer: SubscriptionAnswer) => void) => {
        // The session is checked again: a socket whose session ended (and whose disconnect was
        // missed, e.g. a replica that was down) is refused and ended.
        if (!(await this.sessions.isLive(auth.sessionId))) {
          if (typeof ack === 'function') {
            ack({
              success: false,
              channel: channelOf(payload),
              errors: [{ code: 'UNAUTHORIZED', message: 'The session has ended.' }],
            });
          }
          socket.disconnect();
          return;
        }
        const channel = channelOf(payload);
        const result = channel
          ? await this.authorise(socket, channel)
          : { ok: false as const, reason: 'channel is required' };
        // Disconnected meanwhile: joining now would leave the room pointing at a dead socket.
        if (!socket.connected) return;
        if (result.ok && channel) await socket.join(result.rooms ?? channel);
        if (typeof ack === 'function') {
          ack(
            result.ok
              ? { success: true, channel }
              : { success: false, channel, errors: [{ code: 'FORBIDDEN', message: result.reason }] },
          );
        }
        // The build being served, to this socket: a console that connects (or reconnects after
        // a deploy restarted the API) compares it with its own build.
        const reported = result.ok && channel ? this.actionItems.get(channel) : undefined;
        if (reported && channel) {
          socket.emit(...this.checked(reported.event, { channel, items: [...reported.items.values()] }));
        }
        const served = this.appVersions?.current;
        if (result.ok && channel === APP_CHANNEL && served) {
          socket.emit(...this.checked(APP_VERSION_RELEASED, { ...served, channel: APP_CHANNEL }));
        }
      });
      socket.on(UNSUBSCRIBE, async (payload: unknown, ack?: (answer: SubscriptionAnswer) => void) => {
        const channel = channelOf(payload);
        if (channel === DEVICES_CHANNEL) {
          for (const room of devicesRooms(socket.data.auth as AuthContext)) await socket.leave(room);
        } else if (channel) await socket.leave(channel);
        if (typeof ack === 'function') ack({ success: true, channel });
      });
    });
  }

  /**
   * The event and its payload, ready for socket.io's emit; with `checkPayloads`, the payload
   * (as the client receives it: JSON) is checked against its event's schema first.
   */
  private checked<E extends RealtimeEvent>(event: E, payload: RealtimePayload<E>): [E, RealtimePayload<E>] {
    if (this.checkPayloads) {
      const sent: unknown = JSON.parse(JSON.stringify(payload ?? null));
      const result = realtimePayloadSchemas[event].safeParse(sent);
      if (!result.success) {
        const issues = result.error.issues.map(
          (issue) => `${['payload', ...issue.path.map(String)].join('.')}: ${issue.message}`,
        );
        const error = new PayloadMismatchError(event, issues);
        // The tests' logger is silent: on stderr, so the failing test shows why.
        console.error(error.message);
        throw error;
      }
    }
    return [event, payload];
  }

  private remember(channel: string, event: typeof ACTION_STATUS_EVENT, payload: ActionStatusEvent): void {
    const entry = this.actionItems.get(channel) ?? { event, items: new Map() };
    for (const item of payload.items) entry.items.set(item.id, item);
    this.actionItems.delete(channel);
    this.actionItems.set(channel, entry);
    // The newest actions only: an old one's subscriber has long heard everything.
    if (this.actionItems.size > MAX_REMEMBERED_ACTIONS) {
      this.actionItems.delete(this.actionItems.keys().next().value as string);
    }
  }

  /** Records who started an action, so only they may follow its status channel. */
  registerAction(actionId: string, userId: number): string {
    this.actionOwners.set(actionId, userId);
    return actionStatusChannel(actionId);
  }

  /**
   * A user's role or account changed: their consoles are told to reload who they are, and their
   * sockets are disconnected, so they reconnect and re-authenticate: no channel stays open on
   * rights the user no longer has. (With Redis, on every API instance.)
   */
  userChanged(userId: number): void {
    this.io.to(userRoom(userId)).emit(...this.checked(EVENTS.userChanged, { user_id: userId }));
    this.io.in(userRoom(userId)).disconnectSockets(false);
  }

  /**
   * Sessions ended: their sockets are told and disconnected (with Redis, on every API instance),
   * the same way as a user change. The console reconnects, which only a live session's cookies
   * pass.
   */
  sessionsEnded(sessionIds: readonly string[]): void {
    const rooms = sessionIds.map(sessionRoom);
    // Told first, so an open console asks who it is (GET /user: a 401 ends at the login page)
    // rather than sitting on a socket that can no longer come back.
    this.io.in(rooms).emit(...this.checked(EVENTS.userChanged, { session_ended: true }));
    this.io.in(rooms).disconnectSockets(false);
  }

  /** Sends an event of the contracts' catalogue (contracts/src/realtime.ts) with its payload. */
  emit<E extends RealtimeEvent>(channel: string, event: E, payload: RealtimePayload<E>): void {
    const checked = this.checked(event, payload);
    if (channel.startsWith('private-status.') && event === ACTION_STATUS_EVENT) {
      this.remember(channel, ACTION_STATUS_EVENT, payload as ActionStatusEvent);
    }
    this.io.to(channel).emit(...checked);
  }

  close(): Promise<void> {
    return this.io.close();
  }

  /**
   * Spec §4: tells the open consoles a new build is served. To this instance's sockets only:
   * every API instance watches the build itself, so a cluster-wide emit would repeat the news
   * once per instance.
   */
  private announceAppVersion(version: AppVersion): void {
    this.io.local
      .to(APP_CHANNEL)
      .emit(...this.checked(APP_VERSION_RELEASED, { ...version, channel: APP_CHANNEL }));
  }

  private async authorise(socket: Socket, channel: string): Promise<Authorisation> {
    const auth = socket.data.auth as AuthContext;
    const refused = { ok: false as const, reason: 'You may not subscribe to this channel.' };
    // The handshake let only signed-in sockets in; the channel carries no company's data.
    if (channel === APP_CHANNEL) return { ok: true };
    if (channel === DEVICES_CHANNEL) {
      return auth.can('view_devices') ? { ok: true, rooms: devicesRooms(auth) } : refused;
    }
    let match = /^private-notifications\.(\d+)$/.exec(channel);
    if (match) return Number(match[1]) === auth.userId ? { ok: true } : refused;
    match = /^private-status\.([\w-]{1,100})$/.exec(channel);
    if (match) return this.actionOwners.get(match[1] as string) === auth.userId ? { ok: true } : refused;
    match = /^private-company\.(\d+)\.(devices|subtree-devices|tasks)$/.exec(channel);
    if (match) {
      const topic = match[2];
      // Device events need view_devices; a company's whole subtree, a scope wider than one company.
      if (topic !== 'tasks' && !auth.can('view_devices')) return refused;
      if (topic === 'subtree-devices' && auth.scope === 'company') return refused;
      const [company] = await this.db
        .select()
        .from(companies)
        .where(eq(companies.id, Number(match[1])));
      return company && canSeeCompany(auth, company) ? { ok: true } : refused;
    }
    return refused;
  }
}

/** A socket ends with its session's lifetime (one timer per socket, cleared on disconnect). */
function disconnectAtExpiry(socket: Socket, expiresAt: Date): void {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const left = expiresAt.getTime() - Date.now();
    if (left <= 0) {
      socket.disconnect();
      return;
    }
    timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
    timer.unref();
  };
  socket.once('disconnect', () => clearTimeout(timer));
  arm();
}

function devicesRooms(auth: AuthContext): string[] {
  switch (auth.scope) {
    case 'all':
      return [ALL_DEVICES_ROOM];
    case 'subtree':
      return [`private-company.${auth.companyId}.subtree-devices`];
    case 'company':
      return [`private-company.${auth.companyId}.devices`];
  }
}

function channelOf(payload: unknown): string | undefined {
  const channel = typeof payload === 'string' ? payload : (payload as { channel?: unknown } | null)?.channel;
  return typeof channel === 'string' && channel.length <= 200 ? channel : undefined;
}

function forwarded(
  req: IncomingMessage,
  name: string,
  trustProxy: (address: string) => boolean,
): string | undefined {
  if (!trustProxy(req.socket.remoteAddress ?? '')) return undefined;
  const value = req.headers[name];
  return typeof value === 'string' ? value.split(',')[0]?.trim() : undefined;
}

function isSecure(req: IncomingMessage, trustProxy: (address: string) => boolean): boolean {
  if ('encrypted' in req.socket && req.socket.encrypted === true) return true;
  return forwarded(req, 'x-forwarded-proto', trustProxy) === 'https';
}

/** A handshake from a browser must come from the origin the browser shows (through the edge). */
function sameOrigin(req: IncomingMessage, trustProxy: (address: string) => boolean): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true; // not a browser: cookies are still required
  const host = forwarded(req, 'x-forwarded-host', trustProxy) ?? req.headers.host;
  const protocol = isSecure(req, trustProxy) ? 'https' : 'http';
  return origin === `${protocol}://${host}`;
}
