import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { isListening, logMode, screenLine } from '../../scripts/start-logs.ts';

const require = createRequire(import.meta.url);
const { nodeProblem } = require('../../scripts/preflight.cjs') as {
  nodeProblem: (version: string) => string | null;
};

describe('the Node.js check of npm start (scripts/preflight.cjs)', () => {
  it('refuses Node 20, what Debian 13 ships, in one sentence naming the version and how to get it', () => {
    const sentence = nodeProblem('v20.19.2');
    expect(sentence).toContain('Node.js 24 LTS');
    expect(sentence).toContain('v20.19.2');
    expect(sentence).toContain('nvm install 24');
    expect(sentence?.split('\n')).toHaveLength(1);
    expect(nodeProblem('v22.21.9')).not.toBeNull();
  });

  it('accepts 22.22 and newer', () => {
    expect(nodeProblem('v22.22.0')).toBeNull();
    expect(nodeProblem('v24.11.1')).toBeNull();
    expect(nodeProblem('v25.0.0')).toBeNull();
  });
});

describe('what npm start shows in a terminal (scripts/start-logs.ts)', () => {
  it('chooses the terminal view for a TTY and JSON on stdout otherwise, START_LOGS winning', () => {
    expect(logMode({}, true)).toBe('terminal');
    expect(logMode({}, false)).toBe('stdout');
    expect(logMode({ START_LOGS: 'stdout' }, true)).toBe('stdout');
    expect(logMode({ START_LOGS: 'terminal' }, false)).toBe('terminal');
  });

  it('keeps request logs off the screen and shows warnings and errors as sentences', () => {
    const request = JSON.stringify({ level: 30, msg: 'request completed', req: { url: '/api/user' } });
    expect(screenLine('api', request)).toBeUndefined();
    expect(screenLine('api', JSON.stringify({ level: 20, msg: 'debug' }))).toBeUndefined();
    expect(screenLine('edge', JSON.stringify({ level: 40, msg: 'brand acme has no logo' }))).toBe(
      '  edge warning: brand acme has no logo',
    );
    expect(
      screenLine('api', JSON.stringify({ level: 50, msg: 'mail failed', err: { message: 'ECONNREFUSED' } })),
    ).toBe('  api error: mail failed: ECONNREFUSED');
  });

  it('shows lines written for people as they are', () => {
    expect(screenLine('api', '  Demo world created. Sign in as any of:')).toBe(
      '  Demo world created. Sign in as any of:',
    );
    expect(screenLine('sim', '{not json')).toBe('{not json');
    // The fleet's tally every ten seconds stays in the file.
    expect(
      screenLine('sim', 'sim: 45/50 online, 0 connecting, 0 rebooting, 0 refused, 2 waiting'),
    ).toBeUndefined();
  });

  it('knows the line a server writes once it listens', () => {
    expect(
      isListening(JSON.stringify({ level: 30, msg: 'Fleetport API listening on http://127.0.0.1:3000' })),
    ).toBe(true);
    expect(isListening(JSON.stringify({ level: 30, msg: 'request completed' }))).toBe(false);
  });
});
