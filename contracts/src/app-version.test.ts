import { describe, expect, it } from 'vitest';
import { builtAtOf, isNewerVersion, parseAppVersion, versionId } from './app-version.ts';

describe('app version (spec §4 "Update prompt")', () => {
  it('an id is the build time in ms and the first 8 characters of the content hash', () => {
    expect(versionId(1_767_000_000_000, '3f2a9c1b77e0aa')).toBe('1767000000000-3f2a9c1b');
  });

  it('parseAppVersion keeps a version and its release time', () => {
    const value = { version: '1767000000000-3f2a9c1b', released_at: '2026-01-01T00:00:00.000Z', extra: 1 };
    expect(parseAppVersion(value)).toEqual({
      version: '1767000000000-3f2a9c1b',
      released_at: '2026-01-01T00:00:00.000Z',
    });
  });

  it.each([
    ['nothing', undefined],
    ['a string', '1767000000000-3f2a9c1b'],
    ['no version', { released_at: '2026-01-01T00:00:00Z' }],
    ['a version unfit for a header', { version: 'a b\r\nX: 1', released_at: '2026-01-01T00:00:00Z' }],
    ['an empty version', { version: '', released_at: '2026-01-01T00:00:00Z' }],
    ['no release time', { version: '1-a' }],
    ['a release time that is no date', { version: '1-a', released_at: 'soon' }],
  ])('parseAppVersion refuses %s', (_what, value) => {
    expect(parseAppVersion(value)).toBeUndefined();
  });

  it('builtAtOf reads the build time of an id', () => {
    expect(builtAtOf('1767000000000-3f2a9c1b')).toBe(1_767_000_000_000);
    expect(builtAtOf('nightly')).toBeUndefined();
  });

  it('isNewerVersion: a later build is newer; the same or an older one is not (a rolling deploy)', () => {
    expect(isNewerVersion('200-b', '100-a')).toBe(true);
    expect(isNewerVersion('100-a', '200-b')).toBe(false);
    expect(isNewerVersion('200-b', '200-b')).toBe(false);
    expect(isNewerVersion('nightly-2', 'nightly-1')).toBe(true);
    expect(isNewerVersion('nightly-1', 'nightly-1')).toBe(false);
  });
});
