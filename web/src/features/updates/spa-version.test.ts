// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { readSpaVersion } from '../../shared/lib/browser-settings.ts';
import { LATER_VERSION, recordLater, recordStart, startOutcome } from './spa-version.ts';

afterEach(() => localStorage.clear());

describe('the stored spa_version at start (spec §3 "Local browser settings")', () => {
  it.each([
    ['nothing stored: a first visit, no update notice', undefined, 'first-visit'],
    ['the same build', '200-b', 'same'],
    ["0: the user chose 'Later' and knows of the update", LATER_VERSION, 'after-later'],
    ['another build: the update notice is due', '100-a', 'updated'],
  ] as const)('%s', (_what, stored, outcome) => {
    expect(startOutcome(stored, '200-b')).toBe(outcome);
  });

  it('recordStart stores this build, so X-SPA-VERSION names it (spec §7)', () => {
    localStorage.setItem('spa_version', '100-a');
    expect(recordStart('200-b')).toBe('updated');
    expect(readSpaVersion()).toBe('200-b');
    expect(recordStart('200-b')).toBe('same');
  });

  it("spec §4: 'later' sets the stored version timestamp to 0", () => {
    localStorage.setItem('spa_version', '200-b');
    recordLater();
    expect(localStorage.getItem('spa_version')).toBe('0');
    expect(recordStart('300-c')).toBe('after-later');
    expect(readSpaVersion()).toBe('300-c');
  });
});
