/**
 * The file-input rules of spec §5 "File input" and §9, shared by the console (which checks
 * before sending) and the API (which checks again, since any client can call it).
 */

/** Spec §9: uploads are at most 80MB. */
export const MAX_UPLOAD_BYTES = 83_886_080;

/** Spec §5: a file name must not contain any of these. */
export const FORBIDDEN_FILE_NAME_SYMBOLS = '`\\/:*?"<>|';
export const FORBIDDEN_FILE_NAME_MESSAGE = 'File name contains forbidden symbols';

const FORBIDDEN = new Set(FORBIDDEN_FILE_NAME_SYMBOLS);

/**
 * Whether a file name breaks spec §5. Control characters are refused too: no file system or
 * Content-Disposition header wants them.
 */
export function hasForbiddenSymbols(name: string): boolean {
  for (const character of name) {
    const code = character.charCodeAt(0);
    if (FORBIDDEN.has(character) || code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Spec §9 byte formatting: steps of 1024 up to TB, e.g. 83886080 → `80MB`. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(2))}${UNITS[unit]}`;
}

/** Spec §5: 'Maximum file size is {size}'. */
export const maxFileSizeMessage = (bytes: number) => `Maximum file size is ${formatBytes(bytes)}`;
