import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * `npm run dev`: rebuilds the console on every change (vite build --watch) while the edge
 * reloads the build and restarts on its own source changes, and the API restarts on its own. The edge stays the only server, so
 * development sees the same brand injection, CSP and proxy as production.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [
  spawn('npm', ['run', 'dev', '--workspace', '@fleetport/web'], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, ['--watch-path=api/src', '--watch-path=contracts/src', 'api/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // The build the edge serves: its version.json is announced to open consoles.
    env: { SEED_DEMO: 'true', MFA_REQUIRED: 'false', WEB_DIST: `${root}web/dist-dev`, ...process.env },
  }),
  spawn(
    process.execPath,
    ['--watch-path=theme-server/src', '--watch-path=contracts/src', 'theme-server/src/main.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      // A build folder of its own: the production build keeps its precompressed files.
      env: {
        NODE_ENV: 'development',
        WEB_DIST: `${root}web/dist-dev`,
        MFA_REQUIRED: 'false',
        ...process.env,
      },
    },
  ),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
