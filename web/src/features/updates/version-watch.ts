import {
  APP_CHANNEL,
  APP_VERSION_RELEASED,
  isNewerVersion,
  parseAppVersion,
} from '@fleetport/contracts/app-version';
import { ROUTES } from '@fleetport/contracts/routes';
import type { Realtime } from '../../shared/realtime/socket.ts';
import { recordStart, type StartOutcome } from './spa-version.ts';
import { dueStartNotices } from './start-notices.ts';
import type { UpdateContext } from './update-dialogs.ts';

/** Where the update notice leads (spec §2 route /changelog). */
const CHANGELOG_PATH = ROUTES.find((route) => route.name === 'changelog')?.path ?? '/';

/** The dialogs' code loads when one opens (first-load budget). */
const dialogs = () => import('./update-dialogs.ts');
/** The page's realtime connection, shared with the layout (its client library is lazy too). */
const pageRealtime = async (): Promise<Pick<Realtime, 'listen'>> =>
  (await import('../../shared/realtime/socket.ts')).realtime;

export interface VersionWatch {
  /** The version this console was built as. */
  build: string;
  /** The signed-in user (the watch runs for signed-in users only). */
  userId: number;
  appName: string;
  /** The router's navigation (the update notice leads to /changelog). */
  navigate: (path: string) => void;
  /** Where announcements come from: the page's realtime connection unless a test gives one. */
  realtime?: () => Promise<Pick<Realtime, 'listen'>>;
}

/** The first look of this page at the stored version: later looks must not see it rewritten. */
let atStart: StartOutcome | undefined;
let noticesShown = false;

/**
 * The console's updates for a signed-in user. At start, compares this build with the stored
 * spa_version (spec §3) and shows the notices due (spec §2 "Update notice", "New design
 * notice"); then follows `public-app` and opens the update prompt (spec §4) when the server
 * announces a build newer than this one. Returns the function that stops following.
 */
export function watchVersions({
  build,
  appName,
  navigate,
  realtime = pageRealtime,
}: VersionWatch): () => void {
  let live = true;
  const context: UpdateContext = { appName, openChangelog: () => navigate(CHANGELOG_PATH) };
  let stop: (() => void) | undefined;

  atStart ??= recordStart(build);
  const due = noticesShown ? [] : dueStartNotices(atStart);
  if (due.length > 0) {
    noticesShown = true;
    void dialogs().then((module) => module.showStartNotices(due, context));
  }

  realtime().then(
    (connection) => {
      if (!live) return;
      stop = connection.listen<unknown>(APP_CHANNEL, APP_VERSION_RELEASED, (payload) => {
        const announced = parseAppVersion(payload);
        if (announced && isNewerVersion(announced.version, build)) {
          void dialogs().then((module) => module.promptUpdate(announced, context));
        }
      });
    },
    (error: unknown) => console.error(error),
  );
  return () => {
    live = false;
    stop?.();
  };
}
