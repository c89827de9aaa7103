import { pino } from 'pino';
import { readConfig } from './config.ts';
import { BatchedStdout } from './logging/batched-stdout.ts';
import { startEdge } from './server.ts';

/** The edge's process: configuration, logs, start, and a graceful stop on SIGTERM/SIGINT. */
const config = readConfig();
// Log lines are written in batches (16 KB, or every second), not one write(2) per line: at
// a themed page's cost that write would be a quarter of the request. Every exit path below
// flushes what is waiting.
const destination = new BatchedStdout();
const log = pino({ level: config.LOG_LEVEL, base: { service: 'edge' } }, destination);
const exit = (code: number): never => {
  destination.close();
  process.exit(code);
};

process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection'));
process.on('uncaughtException', (error) => {
  log.fatal({ err: error }, 'uncaught exception');
  exit(1);
});

try {
  const edge = await startEdge(config, log, { watchBuild: process.env.NODE_ENV === 'development' });
  log.info(
    { url: edge.url, api: config.API_URL, metricsPort: edge.metricsPort },
    `Fleetport edge listening on ${edge.url}`,
  );
  destination.flush();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await edge.close();
    log.info('stopped');
    exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
} catch (error) {
  log.fatal({ err: error }, 'edge failed to start');
  exit(1);
}
