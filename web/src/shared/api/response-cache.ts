import { HTTP_CACHE_ENTRIES, HTTP_CACHE_MS } from '@fleetport/contracts/limits';

/** The path of a request URL: no query, no fragment, no trailing slash. */
export function pathOf(url: string): string {
  return url.replace(/[?#].*$/, '').replace(/\/+$/, '');
}

/**
 * Whether a write to `writePath` may change the answer cached for `url`: the same path, a path
 * under it (`/tags/5` for `/tags`), or a collection above it (`/tags` lists what `/tags/5` changed).
 */
export function isTouchedBy(url: string, writePath: string): boolean {
  const path = pathOf(url);
  return path === writePath || path.startsWith(`${writePath}/`) || writePath.startsWith(`${path}/`);
}

interface Entry<T> {
  readonly value: T;
  readonly storedAt: number;
}

export interface ResponseCacheLimits {
  readonly maxEntries: number;
  readonly maxAgeMs: number;
}

/**
 * The GET cache of spec §7/§9: answers by URL, each kept 5 minutes, at most 100 of them; when
 * full, the least recently used goes. Time is passed in, so the cache holds no clock.
 */
export class ResponseCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly limits: ResponseCacheLimits;
  private writes = 0;

  constructor(limits: ResponseCacheLimits = { maxEntries: HTTP_CACHE_ENTRIES, maxAgeMs: HTTP_CACHE_MS }) {
    this.limits = limits;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Counts the invalidations, so an answer asked for before a write is not stored after it. */
  get generation(): number {
    return this.writes;
  }

  /** The fresh answer for `url` (now the most recently used), or undefined. */
  get(url: string, now: number): T | undefined {
    const entry = this.entries.get(url);
    if (!entry) return undefined;
    this.entries.delete(url);
    if (now - entry.storedAt >= this.limits.maxAgeMs) return undefined;
    this.entries.set(url, entry);
    return entry.value;
  }

  /**
   * Stores the answer for `url`, evicting the least recently used beyond the limit. An answer
   * whose request began in an earlier `generation` is dropped: a write may have changed it.
   */
  set(url: string, value: T, now: number, generation = this.writes): void {
    if (generation !== this.writes) return;
    this.entries.delete(url);
    this.entries.set(url, { value, storedAt: now });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  /** Forgets every answer a write to `writePath` may have changed ({@link isTouchedBy}). */
  invalidate(writePath: string): void {
    this.writes += 1;
    for (const url of [...this.entries.keys()]) {
      if (isTouchedBy(url, writePath)) this.entries.delete(url);
    }
  }
}
