/**
 * The console's build version (spec §4 "Update prompt", spec §3 `spa_version`): the build writes
 * `version.json` beside index.html, the API watches it and announces a new one on a public
 * realtime channel, and the console compares it with the version it was built as.
 *
 * No zod here: the console checks announcements in its first-load bundle, where every byte counts.
 */

import { APP_CHANNEL, APP_VERSION_RELEASED } from './realtime-names.ts';

/**
 * The public channel every signed-in socket may follow ({@link APP_CHANNEL}), and the event on it
 * that announces a build ({@link APP_VERSION_RELEASED}): their home is realtime-names.ts.
 */
export { APP_CHANNEL, APP_VERSION_RELEASED };

/** The file the build writes at the root of the console's build folder. */
export const VERSION_FILE = 'version.json';

/** A build: its id (build time in ms, a dash, a short content hash) and when it was built. */
export interface AppVersion {
  version: string;
  /** ISO 8601, UTC. */
  released_at: string;
}

/** What a version id may hold: it travels in the X-SPA-VERSION header and in localStorage. */
const VERSION_ID = /^[\w.-]{1,100}$/;

/** A version id as the build makes it: `1767000000000-3f2a9c1b`. */
export function versionId(builtAt: number, contentHash: string): string {
  return `${builtAt}-${contentHash.slice(0, 8)}`;
}

/** The build time in a version id, when it starts with one. */
export function builtAtOf(version: string): number | undefined {
  const match = /^(\d{1,15})-/.exec(version);
  return match ? Number(match[1]) : undefined;
}

/**
 * Whether `candidate` is a newer build than `current`: built later, when both ids carry their
 * build time; otherwise any other id. During a rolling deploy a console from a new edge may hear
 * of the old build from an API that has not seen the new one: that is no update.
 */
export function isNewerVersion(candidate: string, current: string): boolean {
  const [then, now] = [builtAtOf(candidate), builtAtOf(current)];
  return then !== undefined && now !== undefined ? then > now : candidate !== current;
}

/** `version.json` or an announcement, checked; undefined when it is anything else. */
export function parseAppVersion(value: unknown): AppVersion | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { version, released_at: releasedAt } = value as Record<string, unknown>;
  if (typeof version !== 'string' || !VERSION_ID.test(version)) return undefined;
  if (typeof releasedAt !== 'string' || Number.isNaN(Date.parse(releasedAt))) return undefined;
  return { version, released_at: releasedAt };
}
