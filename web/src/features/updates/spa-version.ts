import { readSpaVersion, writeSpaVersion } from '../../shared/lib/browser-settings.ts';

/** Spec §4: what 'Later' stores as the current version timestamp. */
export const LATER_VERSION = '0';

/**
 * How this start relates to the last one in this browser (spec §3 `spa_version`):
 * - `first-visit`: nothing stored;
 * - `same`: the stored version is this build;
 * - `after-later`: the user chose 'Later' on the update prompt (spec §4), so they know;
 * - `updated`: another build ran here last: the update notice is due.
 */
export type StartOutcome = 'first-visit' | 'same' | 'after-later' | 'updated';

export function startOutcome(stored: string | undefined, build: string): StartOutcome {
  if (stored === undefined || stored === '') return 'first-visit';
  if (stored === build) return 'same';
  return stored === LATER_VERSION ? 'after-later' : 'updated';
}

/** Compares with the stored spa_version, then stores this build's (sent as X-SPA-VERSION, spec §7). */
export function recordStart(build: string): StartOutcome {
  const outcome = startOutcome(readSpaVersion(), build);
  if (outcome !== 'same') writeSpaVersion(build);
  return outcome;
}

/** Spec §4: 'Later' sets the stored current version timestamp to 0. */
export function recordLater(): void {
  writeSpaVersion(LATER_VERSION);
}
