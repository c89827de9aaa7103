import { type FSWatcher, mkdirSync, watch } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readVersionFile } from '@fleetport/contracts/app-version-file';
import { type MetricsServer, startMetricsServer } from '@fleetport/contracts/metrics-server';
import type { Logger } from 'pino';
import { createEdge, isRealtimeUpgrade } from './app.ts';
import { StaticAssets } from './assets/static-assets.ts';
import { FileBrandStore } from './brands/file-store.ts';
import type { BrandStore } from './brands/store.ts';
import type { EdgeConfig } from './config.ts';
import { createEdgeMetrics } from './metrics.ts';

export interface RunningEdge {
  server: Server;
  store: BrandStore;
  url: string;
  port: number;
  /** The metrics listener's port (METRICS_PORT), when metrics are on. */
  metricsPort: number | undefined;
  close: () => Promise<void>;
}

/**
 * Starts the edge: loads brands and the build, listens, and wires websocket upgrades to the
 * proxy. `watchBuild` reloads index.html and assets when the build changes (npm run dev).
 */
export async function startEdge(
  config: EdgeConfig,
  log: Logger,
  options: { watchBuild?: boolean; store?: BrandStore } = {},
): Promise<RunningEdge> {
  const store = options.store ?? new FileBrandStore(config.BRANDS_DIR, log.child({ component: 'brands' }));
  await store.start();
  const loadAssets = () => StaticAssets.load(config.WEB_DIST, { sourceMaps: config.SOURCE_MAPS });
  let assets = await loadAssets();
  if (!assets.indexHtml) log.warn({ dist: config.WEB_DIST }, 'console build missing: run npm run build');

  let buildWatcher: FSWatcher | undefined;
  let versionPoll: NodeJS.Timeout | undefined;
  if (!options.watchBuild) {
    // A build replaced under the running edge (npm run build, a deploy into the same folder):
    // its version.json, written last, changes, and the edge serves the new build, the one the
    // API announces to open consoles (spec §4 "Update prompt").
    let served = (await readVersionFile(config.WEB_DIST))?.version;
    let reloading = false;
    versionPoll = setInterval(async () => {
      if (reloading) return;
      const version = (await readVersionFile(config.WEB_DIST))?.version;
      if (version === undefined || version === served) return;
      reloading = true;
      try {
        assets = await loadAssets();
        served = version;
        log.info({ files: assets.size, version }, 'console build reloaded');
      } catch (error) {
        log.error({ err: error }, 'console build reload failed; the previous build is served');
      } finally {
        reloading = false;
      }
    }, config.WEB_VERSION_POLL_MS);
    versionPoll.unref();
  } else {
    let timer: NodeJS.Timeout | undefined;
    mkdirSync(config.WEB_DIST, { recursive: true });
    buildWatcher = watch(config.WEB_DIST, { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        assets = await loadAssets();
        log.info({ files: assets.size }, 'console build reloaded');
      }, 200);
    });
  }

  const metrics = config.METRICS_PORT === undefined ? undefined : createEdgeMetrics();
  const edge = createEdge({ config, store, assets: () => assets, log, metrics });
  // Only websocket upgrades on the realtime path take the upgrade route; any other request that
  // offers an upgrade (h2c, for one) is answered as a plain HTTP request.
  const server = createServer({ shouldUpgradeCallback: isRealtimeUpgrade }, edge.handle);
  // Above a load balancer's idle timeout (often 60 s), so the balancer closes first.
  server.keepAliveTimeout = config.KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = config.KEEP_ALIVE_TIMEOUT_MS + 1000;
  server.on('upgrade', edge.handleUpgrade);
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    const status =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? '431 Request Header Fields Too Large'
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? '408 Request Timeout'
          : '400 Bad Request';
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let metricsServer: MetricsServer | undefined;
  if (metrics && config.METRICS_PORT !== undefined) {
    try {
      metricsServer = await startMetricsServer(metrics.registry, config.METRICS_HOST, config.METRICS_PORT);
    } catch (error) {
      server.close();
      throw error;
    }
  }

  const close = async (): Promise<void> => {
    buildWatcher?.close();
    clearInterval(versionPoll);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const force = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_MS);
    await closed;
    clearTimeout(force);
    await metricsServer?.close();
    await store.close();
  };
  return {
    server,
    store,
    url: `http://localhost:${port}`,
    port,
    metricsPort: metricsServer?.port,
    close,
  };
}
