import { describe, expect, it } from 'vitest';
import { formatDateTime } from './dates.ts';

describe('formatDateTime (spec §4 Timezone)', () => {
  it('formats in the zone asked for, each zone and language with its own formatter', () => {
    const value = '2026-01-02T23:30:00Z';
    const utc = formatDateTime(value, 'en', 'UTC');
    const tokyo = formatDateTime(value, 'en', 'Asia/Tokyo');
    expect(utc).toContain('Jan 2, 2026');
    expect(tokyo).toContain('Jan 3, 2026');
    // Asked again, the cached formatters answer the same; another language is not mixed in.
    expect(formatDateTime(value, 'en', 'UTC')).toBe(utc);
    expect(formatDateTime(value, 'ja', 'Asia/Tokyo')).toContain('2026/01/03');
  });

  it('reads a server time without a zone as UTC and leaves a bad value as it is', () => {
    expect(formatDateTime('2026-01-02T23:30:00', 'en', 'UTC')).toBe(
      formatDateTime('2026-01-02T23:30:00Z', 'en', 'UTC'),
    );
    expect(formatDateTime('not a date', 'en', 'UTC')).toBe('not a date');
  });
});
