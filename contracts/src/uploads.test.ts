import { describe, expect, it } from 'vitest';
import {
  FORBIDDEN_FILE_NAME_SYMBOLS,
  formatBytes,
  hasForbiddenSymbols,
  maxFileSizeMessage,
} from './uploads.ts';

describe('file input rules (spec §5, §9)', () => {
  it('formats the upload limit as the spec words it', () => {
    expect(maxFileSizeMessage(83_886_080)).toBe('Maximum file size is 80MB');
    expect(formatBytes(512)).toBe('512B');
    expect(formatBytes(1536)).toBe('1.5KB');
    expect(formatBytes(5 * 1024 ** 5)).toBe('5120TB');
  });

  it('refuses each forbidden symbol and control characters, and accepts ordinary names', () => {
    for (const symbol of FORBIDDEN_FILE_NAME_SYMBOLS)
      expect(hasForbiddenSymbols(`a${symbol}b.bin`)).toBe(true);
    expect(hasForbiddenSymbols('line\nbreak.txt')).toBe(true);
    expect(hasForbiddenSymbols('firmware RUT955 (v7.1) ファイル.bin')).toBe(false);
  });
});
