import { describe, expect, it, vi } from 'vitest';
import { fileNameOf } from './download.ts';

// shared/lib/api.ts builds the page's client from `window` at import, which node has not; fileNameOf
// does not use it.
vi.mock('../lib/api.ts', () => ({ api: {} }));

const FALLBACK = 'download.bin';

describe('fileNameOf', () => {
  it.each([
    ['an RFC 6266 filename* in UTF-8', "attachment; filename*=UTF-8''%E2%82%AC%20rates.csv", '€ rates.csv'],
    [
      'a filename* with a language tag',
      "attachment; filename*=UTF-8'en'monthly%20report.pdf",
      'monthly report.pdf',
    ],
    [
      'filename* after a plain filename',
      'attachment; filename="rates.csv"; filename*=UTF-8\'\'%E2%82%AC%20rates.csv',
      '€ rates.csv',
    ],
    [
      'filename* before a plain filename',
      'attachment; filename*=UTF-8\'\'%E2%82%AC%20rates.csv; filename="rates.csv"',
      '€ rates.csv',
    ],
    ['a quoted filename', 'attachment; filename="report 2024.csv"', 'report 2024.csv'],
    ['a quoted filename holding a semicolon', 'attachment; filename="a;b.csv"', 'a;b.csv'],
    ['a quoted filename with escaped quotes', 'attachment; filename="say \\"hi\\".txt"', 'say "hi".txt'],
    ['an unquoted filename', 'attachment; filename=report.csv', 'report.csv'],
    [
      'an unquoted filename followed by a parameter',
      'attachment; filename=report.csv ; size=10',
      'report.csv',
    ],
    ['spaces around =', 'attachment; filename = "spaced.csv"', 'spaced.csv'],
    ['upper-case parameter names', 'ATTACHMENT; FILENAME="LOUD.CSV"', 'LOUD.CSV'],
  ])(
    '%s — answers the decoded name (spec §7 "the file name comes from the content-disposition header")',
    (_, header, expected) => {
      // Arrange
      const disposition = header;

      // Act
      const name = fileNameOf(disposition, FALLBACK);

      // Assert
      expect(name).toBe(expected);
    },
  );

  it('filename* with broken percent-encoding and a plain filename — falls back to the plain filename (RFC 6266 §4.3)', () => {
    // Arrange
    const disposition = 'attachment; filename*=UTF-8\'\'%E2%82; filename="plain.csv"';

    // Act
    const name = fileNameOf(disposition, FALLBACK);

    // Assert
    expect(name).toBe('plain.csv');
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['inline without a name', 'inline'],
    ['attachment without a name', 'attachment'],
    ['an empty quoted filename', 'attachment; filename=""'],
    ['only a broken filename*', "attachment; filename*=UTF-8''%E2%82"],
  ])('%s — answers the fallback name (spec §7 file download)', (_, header) => {
    // Arrange
    const disposition = header;

    // Act
    const name = fileNameOf(disposition, FALLBACK);

    // Assert
    expect(name).toBe(FALLBACK);
  });
});
