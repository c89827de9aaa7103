import { describe, expect, it } from 'vitest';
import * as limits from './limits.ts';
import {
  ADD_DATA_CREDITS_MAX,
  ADD_DATA_CREDITS_MAX_DIGITS,
  CREDIT_CODE_AMOUNT_MAX_DIGITS,
  HTTP_CACHE_MS,
  REALTIME_RECONNECTION_DELAY_MAX_MS,
  REALTIME_RECONNECTION_DELAY_MS,
  ROLE_NAME_DISPLAY_MAX,
  TRUNCATION_MARK,
  truncateRoleName,
} from './limits.ts';

describe('business constants (spec §9)', () => {
  it('holds the values of the spec', () => {
    const { truncateRoleName: _function, TRUNCATION_MARK: _mark, ...constants } = limits;
    expect(constants).toEqual({
      OPTION_LIST_LIMIT: 100,
      MAP_CLUSTER_GRID_PX: 60,
      MAP_CLUSTER_MIN_SIZE: 2,
      MAP_BATCH_SIZE: 2000,
      DATA_GB_PER_CREDIT: 2,
      CREDIT_CODE_AMOUNT_MAX_DIGITS: 12,
      CREDIT_CODE_COMMENT_MAX: 200,
      ADD_DATA_CREDITS_MAX_DIGITS: 14,
      ADD_DATA_CREDITS_MAX: 99999999999999,
      ROLE_NAME_DISPLAY_MAX: 45,
      MAX_MINIMIZED_MODALS: 5,
      TOAST_MAX_SNACK: 7,
      TOAST_DURATION_MS: 4000,
      TOAST_QUEUE_RETRY_MS: 250,
      TOAST_CLOSE_ANIMATION_MS: 150,
      REALTIME_RECONNECTION_ATTEMPTS: 5,
      REALTIME_RECONNECTION_DELAY_MS: 1000,
      REALTIME_RECONNECTION_DELAY_MAX_MS: 5000,
      REALTIME_TIMEOUT_MS: 20000,
      HTTP_CACHE_MS: 300000,
      HTTP_CACHE_ENTRIES: 100,
      HTTP_THROTTLE_MS: 1000,
      USER_REQUEST_TIMEOUT_MS: 30000,
      REVOCATION_RETRY_LIMIT: 3,
      SCROLL_TO_TOP_THRESHOLD_PX: 300,
      SIDE_PANEL_WAIT_MS: 700,
      MOBILE_WIDTH_PX: 768,
      SHORT_TOOLTIP_CHARS: 50,
      LANGUAGE_ANIMATION_MS: 150,
      TIMEZONE_RELOAD_DELAY_MS: 300,
    });
  });

  it('is consistent with itself', () => {
    expect(String(ADD_DATA_CREDITS_MAX)).toHaveLength(ADD_DATA_CREDITS_MAX_DIGITS);
    expect(String(ADD_DATA_CREDITS_MAX)).toBe('9'.repeat(ADD_DATA_CREDITS_MAX_DIGITS));
    expect(Number.isSafeInteger(ADD_DATA_CREDITS_MAX)).toBe(true);
    expect(Number.isSafeInteger(10 ** CREDIT_CODE_AMOUNT_MAX_DIGITS - 1)).toBe(true);
    expect(REALTIME_RECONNECTION_DELAY_MAX_MS).toBeGreaterThanOrEqual(REALTIME_RECONNECTION_DELAY_MS);
    expect(HTTP_CACHE_MS).toBe(5 * 60 * 1000);
  });
});

describe('role name truncation (spec §5, §9)', () => {
  it('returns names of up to 45 characters unchanged', () => {
    expect(truncateRoleName('')).toBe('');
    expect(truncateRoleName('Administrator')).toBe('Administrator');
    const exact = 'r'.repeat(ROLE_NAME_DISPLAY_MAX);
    expect(truncateRoleName(exact)).toBe(exact);
  });

  it('cuts longer names to 45 characters, the last being the mark', () => {
    const cut = truncateRoleName('x'.repeat(46));
    expect(cut).toBe(`${'x'.repeat(44)}${TRUNCATION_MARK}`);
    expect([...cut]).toHaveLength(ROLE_NAME_DISPLAY_MAX);
  });

  it('counts and cuts whole characters, never splitting an emoji or an accent', () => {
    const emoji = '👩‍💻'.repeat(45);
    expect(truncateRoleName(emoji)).toBe(emoji);
    const accented = 'e\u0301'.repeat(50);
    expect(truncateRoleName(accented)).toBe(`${'e\u0301'.repeat(44)}${TRUNCATION_MARK}`);
    const flags = '🇱🇹'.repeat(46);
    expect(truncateRoleName(flags)).toBe(`${'🇱🇹'.repeat(44)}${TRUNCATION_MARK}`);
  });
});
