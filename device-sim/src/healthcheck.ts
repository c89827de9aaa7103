import { readFileSync } from 'node:fs';

/**
 * The devices container's health check: the simulator wrote its counts in the last minute
 * (`--status-file`), and at least one unit got in, once the first minute is over. A fleet that
 * the broker refuses whole is unhealthy, with the counts on stderr.
 */
const file = process.argv[2] ?? process.env.SIM_STATUS_FILE ?? '/tmp/fleet-status.json';
try {
  const status = JSON.parse(readFileSync(file, 'utf8')) as {
    at: number;
    total: number;
    online: number;
    refused: number;
  };
  const age = Date.now() - status.at;
  if (age > 60_000) throw new Error(`the simulator last wrote its counts ${Math.round(age / 1000)} s ago`);
  if (status.total > 0 && status.online === 0)
    throw new Error(`no unit is online (${status.refused} refused of ${status.total})`);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
