// @vitest-environment jsdom
import { APP_CHANNEL, APP_VERSION_RELEASED } from '@fleetport/contracts/app-version';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The dialogs, replaced: what matters here is which one opens, and when. */
const opened = vi.hoisted(() => ({
  prompt: [] as string[],
  start: [] as string[][],
  openChangelog: undefined as (() => void) | undefined,
}));
vi.mock('./update-dialogs.ts', () => ({
  promptUpdate: async (announced: { version: string }) => {
    opened.prompt.push(announced.version);
  },
  showStartNotices: async (due: string[], context: { openChangelog: () => void }) => {
    opened.start.push([...due]);
    opened.openChangelog = context.openChangelog;
  },
}));

/** A realtime connection whose announcements the test makes. */
function fakeRealtime() {
  const handlers = new Map<string, (payload: unknown) => void>();
  return {
    connection: async () => ({
      listen: <T>(channel: string, event: string, handler: (payload: T) => void) => {
        handlers.set(`${channel}/${event}`, handler as (payload: unknown) => void);
        return () => handlers.delete(`${channel}/${event}`);
      },
    }),
    announce: (payload: unknown) => handlers.get(`${APP_CHANNEL}/${APP_VERSION_RELEASED}`)?.(payload),
    listening: () => handlers.size,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const page = { userId: 1, appName: 'Fleetport', navigate: vi.fn() };

/** A fresh page: the module's once-per-page state starts over. */
async function startPage(build: string, realtime = fakeRealtime()) {
  vi.resetModules();
  const { watchVersions } = await import('./version-watch.ts');
  const stop = watchVersions({ build, ...page, realtime: realtime.connection });
  await settle();
  return { realtime, stop, watchVersions };
}

beforeEach(() => {
  opened.prompt.length = 0;
  opened.start.length = 0;
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('at start (spec §3 spa_version, spec §2 "Update notice")', () => {
  it('a first visit: stores the build, shows no update notice', async () => {
    await startPage('200-b');
    expect(localStorage.getItem('spa_version')).toBe('200-b');
    expect(opened.start).toEqual([]);
  });

  it('another build ran here before: the update notice, once per page; its link goes to /changelog', async () => {
    localStorage.setItem('spa_version', '100-a');
    const { watchVersions } = await startPage('200-b');
    expect(opened.start).toEqual([['update-notice']]);
    opened.openChangelog?.();
    expect(page.navigate).toHaveBeenCalledWith('/changelog');
    watchVersions({ build: '200-b', ...page, realtime: fakeRealtime().connection });
    await settle();
    expect(opened.start).toHaveLength(1);
  });

  it("after 'Later' (stored 0): the new build starts without the notice", async () => {
    localStorage.setItem('spa_version', '0');
    await startPage('200-b');
    expect(opened.start).toEqual([]);
    expect(localStorage.getItem('spa_version')).toBe('200-b');
  });
});

describe('announcements on public-app (spec §4 "Update prompt")', () => {
  it('spec §4: a new version announced opens the update prompt', async () => {
    const { realtime } = await startPage('200-b');
    realtime.announce({ version: '300-c', released_at: '2026-11-21T12:00:00Z', channel: APP_CHANNEL });
    await settle();
    expect(opened.prompt).toEqual(['300-c']);
  });

  it('the version this console runs (sent on subscribe), an older one (a rolling deploy) or a malformed payload opens nothing', async () => {
    const { realtime } = await startPage('200-b');
    realtime.announce({ version: '200-b', released_at: '2026-11-21T12:00:00Z' });
    realtime.announce({ version: '100-a', released_at: '2026-11-20T12:00:00Z' });
    realtime.announce({ version: '<script>', released_at: 'x' });
    realtime.announce('300-c');
    await settle();
    expect(opened.prompt).toEqual([]);
  });

  it('stops listening when stopped (sign-out, unmount)', async () => {
    const { realtime, stop } = await startPage('200-b');
    expect(realtime.listening()).toBe(1);
    stop();
    expect(realtime.listening()).toBe(0);
  });
});
