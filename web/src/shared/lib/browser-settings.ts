/**
 * Spec §3 "Local browser settings": the keys and values kept in localStorage, exactly as the
 * spec names them. Reads never throw (storage can be disabled); a missing key gives the default.
 */
export const SETTING_KEYS = {
  darkMode: 'darkMode',
  timeZone: 'setTimeZone',
  wideNav: 'wideNav',
  spaVersion: 'spa_version',
} as const;

export type DarkModeSetting = 'auto' | 'on' | 'off';

function read(key: string): string | undefined {
  try {
    return globalThis.localStorage?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, value: string | undefined): void {
  try {
    if (value === undefined) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or disabled: the setting lives for this page only.
  }
}

/** darkMode: `true`, `false` or unset (Auto follows the operating system). */
export function readDarkMode(): DarkModeSetting {
  const value = read(SETTING_KEYS.darkMode);
  if (value === 'true') return 'on';
  if (value === 'false') return 'off';
  return 'auto';
}

export function writeDarkMode(mode: DarkModeSetting): void {
  write(SETTING_KEYS.darkMode, mode === 'auto' ? undefined : String(mode === 'on'));
}

/** wideNav: wide unless saved as false (spec §2 "Side navigation"). */
export function readWideNav(): boolean {
  return read(SETTING_KEYS.wideNav) !== 'false';
}

export function writeWideNav(wide: boolean): void {
  write(SETTING_KEYS.wideNav, String(wide));
}

/** setTimeZone: the user's chosen IANA zone; unset means the browser's own. */
export function readTimeZone(): string | undefined {
  const zone = read(SETTING_KEYS.timeZone);
  return zone && isTimeZone(zone) ? zone : undefined;
}

export function writeTimeZone(zone: string | undefined): void {
  write(SETTING_KEYS.timeZone, zone);
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * spa_version: the build that last started in this browser, or `0` after 'Later' on the update
 * prompt (spec §4; features/updates); sent as X-SPA-VERSION (spec §7).
 */
export function readSpaVersion(): string | undefined {
  return read(SETTING_KEYS.spaVersion);
}

export function writeSpaVersion(version: string): void {
  write(SETTING_KEYS.spaVersion, version);
}
