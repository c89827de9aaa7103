import path from 'node:path';
import { freePort, repoRoot, type ServerChild, startServerChild } from './proc.ts';

/** The edge exactly as deployed: `node theme-server/src/main.ts`, configured by its environment. */
export interface EdgeOptions {
  apiUrl: string;
  webDist: string;
  brandsDir: string;
  logLevel: 'info' | 'warn';
  /** More environment for the edge (e.g. `MFA_REQUIRED` for /localrms-config.json). */
  env?: NodeJS.ProcessEnv;
}

/**
 * The port is chosen here rather than parsed from the "listening" log line, which an edge with
 * LOG_LEVEL=warn does not print. The edge's stdout (one JSON line per request at info) is piped
 * to the bench and dropped, as a container runtime would take it.
 */
export async function startEdgeChild(options: EdgeOptions): Promise<ServerChild> {
  const port = await freePort();
  return startServerChild(process.execPath, [path.join(repoRoot, 'theme-server/src/main.ts')], {
    name: `edge (LOG_LEVEL=${options.logLevel})`,
    ready: { port },
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      API_URL: options.apiUrl,
      WEB_DIST: options.webDist,
      BRANDS_DIR: options.brandsDir,
      LOG_LEVEL: options.logLevel,
      ...options.env,
    },
  });
}
