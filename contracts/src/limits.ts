/**
 * The business constants and limits of spec §9 (and the form limits of spec §5 that repeat
 * them), written once for the console and the API.
 *
 * Defined elsewhere, not repeated here: the upload limit (`MAX_UPLOAD_BYTES` in `uploads.ts`)
 * and the password lengths (`PASSWORD_MIN_LENGTH`, `PASSWORD_MAX_LENGTH`,
 * `GENERATED_PASSWORD_LENGTH` in `password.ts`).
 */

/** Spec §9: option lists and the storage list hold at most 100 items. */
export const OPTION_LIST_LIMIT = 100;

/** Spec §9: one credit buys 2 GB of data (spec §5: 'spend N credit(s) to get 2N GB of data'). */
export const DATA_GB_PER_CREDIT = 2;

/** Spec §5, §9: a credit code amount has at most 12 digits. */
export const CREDIT_CODE_AMOUNT_MAX_DIGITS = 12;
/** Spec §5, §9: a credit code comment has at most 200 characters. */
export const CREDIT_CODE_COMMENT_MAX = 200;
/** Spec §5, §9: 'Add data' credits have at most 14 digits. */
export const ADD_DATA_CREDITS_MAX_DIGITS = 14;
/** Spec §5: the largest 'Add data' credit count, the largest number of 14 digits. */
export const ADD_DATA_CREDITS_MAX = 99_999_999_999_999;

/** Spec §5, §9: role names are shown cut to 45 characters. */
export const ROLE_NAME_DISPLAY_MAX = 45;

/** Spec §9: at most 5 windows are minimized at once, unless forced. */
export const MAX_MINIMIZED_MODALS = 5;

/** Spec §9: at most 7 toasts are shown at once. */
export const TOAST_MAX_SNACK = 7;
/** Spec §9: a toast stays 4000 ms by default. */
export const TOAST_DURATION_MS = 4000;
/** Spec §9: a queued toast retries every 250 ms. */
export const TOAST_QUEUE_RETRY_MS = 250;
/** Spec §9: a toast closes in a 150 ms animation. */
export const TOAST_CLOSE_ANIMATION_MS = 150;

/** Spec §9: the realtime connection tries to reconnect 5 times. */
export const REALTIME_RECONNECTION_ATTEMPTS = 5;
/** Spec §9: the first realtime reconnection waits 1 s. */
export const REALTIME_RECONNECTION_DELAY_MS = 1000;
/** Spec §9: realtime reconnections wait at most 5 s. */
export const REALTIME_RECONNECTION_DELAY_MAX_MS = 5000;
/** Spec §9: a realtime connection attempt times out after 20 s. */
export const REALTIME_TIMEOUT_MS = 20_000;

/** Spec §9: HTTP responses are cached for 5 minutes. */
export const HTTP_CACHE_MS = 300_000;
/** Spec §9: the HTTP cache holds at most 100 entries. */
export const HTTP_CACHE_ENTRIES = 100;
/** Spec §9: repeated HTTP calls are throttled to one per second. */
export const HTTP_THROTTLE_MS = 1000;
/** Spec §9: the user call and the token refresh time out after 30 s. */
export const USER_REQUEST_TIMEOUT_MS = 30_000;
/** Spec §9: a token revocation is retried at most 3 times (the count is kept in session storage). */
export const REVOCATION_RETRY_LIMIT = 3;

/** Spec §9: the scroll-to-top button appears after 300 px. */
export const SCROLL_TO_TOP_THRESHOLD_PX = 300;
/** Spec §9: the side-panel lookup waits 700 ms. */
export const SIDE_PANEL_WAIT_MS = 700;
/** Spec §9: below 768 px wide, tooltips behave as on mobile. */
export const MOBILE_WIDTH_PX = 768;
/** Spec §9: a tooltip is short when its text is under 50 characters. */
export const SHORT_TOOLTIP_CHARS = 50;
/** Spec §9: the language switch animates for 150 ms. */
export const LANGUAGE_ANIMATION_MS = 150;
/** Spec §9: the page reloads 300 ms after the time zone changes. */
export const TIMEZONE_RELOAD_DELAY_MS = 300;

/** The mark that ends a cut role name. */
export const TRUNCATION_MARK = '…';

/** Made on first use: building a segmenter loads the ICU break data, a cost start-up need not pay. */
let graphemes: Intl.Segmenter | undefined;

/**
 * Spec §5, §9: a role name as shown, at most {@link ROLE_NAME_DISPLAY_MAX} characters as a
 * person counts them (grapheme clusters, so an emoji or an accented letter is never split).
 * A longer name keeps its first 44 characters followed by `…`, so the shown text is 45
 * characters in all; a name that fits is returned unchanged.
 */
export function truncateRoleName(name: string): string {
  if (name.length <= ROLE_NAME_DISPLAY_MAX) return name;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const parts = Array.from(graphemes.segment(name), (part) => part.segment);
  if (parts.length <= ROLE_NAME_DISPLAY_MAX) return name;
  return `${parts.slice(0, ROLE_NAME_DISPLAY_MAX - TRUNCATION_MARK.length).join('')}${TRUNCATION_MARK}`;
}

/** Spec §9 map clusters: markers within one 60-pixel grid cell cluster… */
export const MAP_CLUSTER_GRID_PX = 60;
/** …when there are at least 2 of them… */
export const MAP_CLUSTER_MIN_SIZE = 2;
/** …and markers are read and added 2000 at a time. */
export const MAP_BATCH_SIZE = 2000;
