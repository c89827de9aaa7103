'use strict';
/*
 * The first thing `npm start` runs, before any TypeScript: on a Node.js too old to run the
 * product it says so in one sentence and stops; then it installs the dependencies when they are
 * missing or older than the lockfile, so a fresh clone needs `npm start` alone. Plain CommonJS
 * that any Node.js still in use can parse, so the sentence shows where the product cannot run.
 */
const { spawnSync } = require('node:child_process');
const { statSync } = require('node:fs');
const path = require('node:path');

const NEEDED = [22, 22];

/**
 * The sentence for a Node.js version that cannot run Fleetport (`v20.19.2`), or null where it
 * can. Exported for its test, which fakes the version.
 */
function nodeProblem(version) {
  const [major, minor] = String(version).replace(/^v/, '').split('.').map(Number);
  if (major > NEEDED[0] || (major === NEEDED[0] && minor >= NEEDED[1])) return null;
  return (
    `Fleetport needs Node.js 24 LTS (22.22 at the least) and this is Node.js ${version}: ` +
    'install Node.js 24 from nodejs.org or with a version manager (`nvm install 24`), then run npm start again.'
  );
}

/** True when node_modules is missing or older than package-lock.json. */
function needsInstall(root) {
  const mtime = (file) => {
    try {
      return statSync(path.join(root, file)).mtimeMs;
    } catch {
      return 0;
    }
  };
  const installed = mtime('node_modules/.package-lock.json');
  return installed === 0 || installed < mtime('package-lock.json');
}

function main() {
  const problem = nodeProblem(process.version);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  const root = path.join(__dirname, '..');
  if (!needsInstall(root)) return;
  console.error('Installing the dependencies (first start)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const install = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status || 1);
}

if (require.main === module) main();
module.exports = { nodeProblem, needsInstall };
