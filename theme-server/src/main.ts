import { pino } from 'pino';
import { readConfig } from './config.ts';
import { startEdge } from './server.ts';

/** The edge's process: configuration, logs, start, and a graceful stop on SIGTERM/SIGINT. */
const config = readConfig();
const log = pino({ level: config.LOG_LEVEL, base: { service: 'edge' } });

process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection'));
process.on('uncaughtException', (error) => {
  log.fatal({ err: error }, 'uncaught exception');
  process.exit(1);
});

try {
  const edge = await startEdge(config, log, { watchBuild: process.env.NODE_ENV === 'development' });
  log.info({ url: edge.url, api: config.API_URL }, `Fleetport edge listening on ${edge.url}`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await edge.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
} catch (error) {
  log.fatal({ err: error }, 'edge failed to start');
  process.exit(1);
}
