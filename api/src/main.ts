import { pino } from 'pino';
import { readConfig } from './config.ts';
import { startApi } from './server.ts';

/** The API's process: configuration, logs, start, and a graceful stop on SIGTERM/SIGINT. */
const config = readConfig();
const log = pino({ level: config.LOG_LEVEL, base: { service: 'api' } });

process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection'));
process.on('uncaughtException', (error) => {
  log.fatal({ err: error }, 'uncaught exception');
  process.exit(1);
});

try {
  const api = await startApi(config, log);
  log.info(
    { url: api.url, database: api.deps.database.kind, metricsPort: api.metricsPort },
    `Fleetport API listening on ${api.url}`,
  );
  if (api.seed && api.seed.logins.length > 0) {
    // Printed for the person who ran `npm start`, outside the JSON log on purpose.
    const lines = api.seed.logins.map(
      (login) => `    ${login.email.padEnd(28)} ${login.role.padEnd(22)} ${login.company}`,
    );
    const password = api.seed.generatedPassword
      ? `password (generated, shown once): ${api.seed.generatedPassword}`
      : config.DEMO_PASSWORD
        ? 'password: the value of DEMO_PASSWORD'
        : 'password: shown at the first start; set DEMO_PASSWORD to choose a new one';
    process.stderr.write(
      `\n  Demo world${api.seed.seeded ? ' created' : ''}. Sign in as any of:\n${lines.join('\n')}\n  ${password}\n${
        config.MFA_REQUIRED ? '' : '  MFA is not required in this demo (MFA_REQUIRED=false).\n'
      }\n`,
    );
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await api.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
} catch (error) {
  log.fatal({ err: error }, 'API failed to start');
  process.exit(1);
}
