import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMetricsServer } from '@fleetport/contracts/metrics-server';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import proxyAddr from 'proxy-addr';
import { createApi } from './app.ts';
import { type ApiConfig, filesDir } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import type { ApiDeps } from './deps.ts';
import type { RouteSpec } from './http/route.ts';
import { createApiMetrics } from './metrics.ts';
import { AppVersionWatcher, readVersionFile } from './modules/app-version/watcher.ts';
import { AuditLog } from './modules/audit/chain.ts';
import { AccountTokens } from './modules/auth/account-tokens.ts';
import { failureCounter } from './modules/auth/rate-limit.ts';
import { loadKeys } from './modules/auth/secrets.ts';
import { SessionService } from './modules/auth/sessions.ts';
import { BackupRuleScheduler } from './modules/backup-rules/scheduler.ts';
import { parseIdentityCsv } from './modules/devices/approved.ts';
import { chooseListeners } from './modules/devices/broker-tls.ts';
import { ConnectThrottle } from './modules/devices/connect-throttle.ts';
import { DynsecProvisioner } from './modules/devices/dynsec.ts';
import type { ProvisionRow } from './modules/devices/dynsec-plan.ts';
import { startEmqxHooks } from './modules/devices/emqx-hooks.ts';
import { DeviceGateway } from './modules/devices/gateway.ts';
import { type DeviceTransport, EmbeddedBroker, ExternalBroker } from './modules/devices/transport.ts';
import { FileStore } from './modules/files/store.ts';
import { BrandDirectory } from './modules/mail/brands.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { MfaService } from './modules/mfa/step-up.ts';
import { NotificationService } from './modules/notifications/service.ts';
import { Realtime } from './modules/realtime/realtime.ts';
import { DownloadLinks } from './modules/tasks/download-links.ts';
import { TaskEngine } from './modules/tasks/engine.ts';
import { openTaskQueue } from './modules/tasks/queue.ts';
import { ensureBuiltInRoles } from './seed/built-in-roles.ts';
import { seedDemoFirmware } from './seed/demo-firmware.ts';
import { seedDemoFleet } from './seed/demo-fleet.ts';
import { type SeedResult, seedDemoWorld } from './seed/demo-world.ts';

export interface RunningApi {
  server: Server;
  port: number;
  url: string;
  deps: ApiDeps;
  seed: SeedResult | undefined;
  /** Every declared route (OpenAPI, and the tests that walk all routes). */
  routes: readonly RouteSpec[];
  /** The EMQX hooks' port (DEVICE_HOOKS_PORT), when they are on. */
  hooksPort?: number | undefined;
  /** The metrics listener's port (METRICS_PORT), when metrics are on. */
  metricsPort: number | undefined;
  close: () => Promise<void>;
}

/** Opens the store, migrates, prepares roles (and the demo world when asked), then listens. */
export async function startApi(
  config: ApiConfig,
  log: Logger,
  options: {
    database?: Database;
    /**
     * Checks every answer against its route's response schema, and every realtime payload
     * against its event's schema (the tests; see ApiDeps).
     */
    checkResponses?: boolean;
  } = {},
): Promise<RunningApi> {
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, log }));
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  redis?.on('error', (error) => log.warn({ err: error }, 'redis connection error'));
  try {
    await migrate(database, log);
    let demoIdentities: ProvisionRow[] = [];
    const seed = await database.exclusive(async () => {
      await ensureBuiltInRoles(database.db);
      const world = config.SEED_DEMO ? await seedDemoWorld(database.db, config.DEMO_PASSWORD) : undefined;
      if (config.SEED_DEMO) {
        const images = await seedDemoFirmware(database.db, filesDir(config));
        if (images > 0) log.info({ images }, 'demo firmware catalogue seeded');
      }
      if (config.SEED_DEMO && config.DEMO_FLEET_CSV) {
        const csv = await readFile(config.DEMO_FLEET_CSV, 'utf8');
        const fleet = await seedDemoFleet(database.db, csv);
        log.info(fleet, 'demo fleet seeded');
        // A broker Fleetport provisions gets the demo units' clients: their secrets are in the file.
        demoIdentities = parseIdentityCsv(csv).rows.map(({ serial, mac, secret }) => ({
          serial,
          mac,
          secret,
          fresh: false,
        }));
      }
      return world;
    });
    const keys = await loadKeys(database.db, config.SESSION_SECRET);
    const loginFailures = failureCounter(redis, config.LOGIN_WINDOW_S, 'login-failures');
    const sessions = new SessionService(database.db, keys, config);
    const server = createServer();
    const trust = proxyAddr.compile(config.TRUST_PROXY.split(',').map((part) => part.trim()));
    const appVersions = new AppVersionWatcher({
      read: () => readVersionFile(config.WEB_DIST),
      intervalMs: config.WEB_VERSION_POLL_MS,
      log: log.child({ component: 'app-version' }),
    });
    const realtime = new Realtime({
      server,
      sessions,
      db: database.db,
      log,
      trustProxy: (address) => trust(address, 0),
      redis: redis ? { pub: redis, sub: redis.duplicate() } : undefined,
      appVersions,
      checkPayloads: options.checkResponses ?? false,
    });
    const gatewayLog = log.child({ component: 'devices' });
    let gateway: DeviceGateway | undefined;
    // Plain MQTT only where it is safe or asked for; TLS where a certificate is configured.
    const listeners = config.MQTT_URL
      ? undefined
      : chooseListeners({
          plain: config.MQTT_PLAIN,
          host: config.MQTT_HOST,
          tls: config.MQTT_TLS_CERT !== undefined,
        });
    const transport: DeviceTransport = config.MQTT_URL
      ? new ExternalBroker(config.MQTT_URL, gatewayLog, config.MQTT_SHARE_GROUP)
      : new EmbeddedBroker({
          host: config.MQTT_HOST,
          port: config.MQTT_PORT,
          plain: listeners?.plain ?? true,
          tls:
            config.MQTT_TLS_CERT && config.MQTT_TLS_KEY
              ? {
                  certFile: config.MQTT_TLS_CERT,
                  keyFile: config.MQTT_TLS_KEY,
                  host: config.MQTT_TLS_HOST,
                  port: config.MQTT_TLS_PORT,
                }
              : undefined,
          log: gatewayLog,
          verify: (serial, mac, secret) =>
            gateway ? gateway.verify(serial, mac, secret) : Promise.resolve({ ok: false }),
          onDisconnect: (serial) => gateway?.disconnected(serial),
          throttle: new ConnectThrottle({
            maxAddressFailures: config.MQTT_AUTH_MAX_FAILURES,
            windowS: config.MQTT_AUTH_WINDOW_S,
          }),
        });
    const dynsec =
      config.MQTT_URL && config.MQTT_DYNSEC === 'on'
        ? new DynsecProvisioner({
            url: config.MQTT_URL,
            db: database.db,
            log: gatewayLog,
            shareGroup: config.MQTT_SHARE_GROUP,
            known: demoIdentities,
          })
        : undefined;
    gateway = new DeviceGateway({
      db: database.db,
      log: gatewayLog,
      realtime,
      transport,
      retentionDays: config.TELEMETRY_RETENTION_DAYS,
    });
    const queue = await openTaskQueue(database, log.child({ component: 'task-queue' }));
    const tasks = new TaskEngine({
      db: database.db,
      queue,
      log: log.child({ component: 'tasks' }),
      realtime,
      sender: gateway,
      links: new DownloadLinks(keys.deviceFiles, config.DEVICE_FILES_URL ?? 'http://127.0.0.1'),
      secretKey: keys.taskSecrets,
    });
    const backupRules = new BackupRuleScheduler({
      db: database.db,
      queue,
      engine: tasks,
      store: new FileStore(filesDir(config)),
      log: log.child({ component: 'backup-rules' }),
    });
    gateway.setTaskHooks({
      hello: (deviceId, firmware) => tasks.deviceHello(deviceId, firmware),
      result: (body) => tasks.result(body),
    });
    const brands = new BrandDirectory(config.BRANDS_DIR, log.child({ component: 'brands' }));
    const mail = createMailer(config, database.db, log, brands);
    const deps: ApiDeps = {
      config,
      database,
      db: database.db,
      log,
      keys,
      sessions,
      loginFailures,
      claimFailures: failureCounter(redis, config.CLAIM_WINDOW_S, 'claim-failures'),
      realtime,
      notifications: new NotificationService(database.db, realtime),
      audit: new AuditLog(database),
      mail,
      brands,
      accountTokens: new AccountTokens(database.db),
      mfa: new MfaService({
        db: database.db,
        keys,
        mail,
        failures: loginFailures,
        maxFailures: config.LOGIN_MAX_FAILURES,
      }),
      gateway,
      dynsec,
      tasks,
      backupRules,
      metrics:
        config.METRICS_PORT === undefined ? undefined : createApiMetrics({ realtime, transport, database }),
      checkResponses: options.checkResponses ?? false,
    };
    const { app, registry } = createApi(deps);
    server.on('request', app);
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.API_PORT, config.API_HOST, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    if (!config.DEVICE_FILES_URL) {
      const host = ['0.0.0.0', '::', ''].includes(config.API_HOST) ? '127.0.0.1' : config.API_HOST;
      tasks.links.setBase(`http://${host.includes(':') ? `[${host}]` : host}:${port}`);
    }
    const metricsServer = deps.metrics
      ? await startMetricsServer(deps.metrics.registry, config.METRICS_HOST, config.METRICS_PORT ?? 0).catch(
          (error: unknown) => {
            server.close();
            throw error;
          },
        )
      : undefined;
    const hooks =
      config.DEVICE_HOOKS_PORT !== undefined && config.DEVICE_HOOKS_SECRET
        ? await startEmqxHooks({
            host: config.DEVICE_HOOKS_HOST,
            port: config.DEVICE_HOOKS_PORT,
            secret: config.DEVICE_HOOKS_SECRET,
            log: gatewayLog,
            verify: (serial, mac, secret) => gateway.verify(serial, mac, secret),
            throttle: new ConnectThrottle({
              maxAddressFailures: config.MQTT_AUTH_MAX_FAILURES,
              windowS: config.MQTT_AUTH_WINDOW_S,
            }),
          }).catch(async (error: unknown) => {
            server.close();
            await metricsServer?.close();
            throw error;
          })
        : undefined;
    await appVersions.start();
    await tasks.start();
    await backupRules.start();
    // Both wait a moment for an external broker, side by side; the gateway's role is given by
    // the first resync, which its own connection does not wait for.
    await Promise.all([dynsec?.start(), gateway.start()]);
    gatewayLog.info(
      { broker: transport.address, external: Boolean(config.MQTT_URL) },
      'device gateway ready',
    );
    const close = async (): Promise<void> => {
      appVersions.stop();
      await dynsec?.close();
      await gateway.close();
      await tasks.stop();
      // Closes the sockets too; the HTTP server's close is awaited below.
      realtime.io.disconnectSockets(true);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_MS);
      await closed;
      clearTimeout(force);
      await metricsServer?.close();
      await hooks?.close();
      redis?.disconnect();
      if (!options.database) await database.close();
    };
    return {
      server,
      port,
      url: `http://127.0.0.1:${port}`,
      deps,
      seed,
      routes: registry.routes,
      metricsPort: metricsServer?.port,
      hooksPort: hooks?.port,
      close,
    };
  } catch (error) {
    redis?.disconnect();
    if (!options.database) await database.close().catch(() => undefined);
    throw error;
  }
}
