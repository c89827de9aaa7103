import type { Redis } from 'ioredis';

/**
 * Counts failures per key in a fixed window: failed logins (the account and the client's IP),
 * failed device claims (the user and the company), and, in memory only, the embedded broker's
 * failed CONNECTs (the serial and the source address). Memory by default; Redis with REDIS_URL,
 * so that every API replica sees the same counts.
 */
export interface FailureCounter {
  /** The current number of failures of `key` in its window. */
  count(key: string): Promise<number>;
  /** Adds one failure; returns the new count. */
  add(key: string): Promise<number>;
  /** Takes back one failure counted in advance (see `reserve`) for an attempt that succeeded. */
  forgive(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Seconds until the window of `key` ends. */
  retryAfter(key: string): Promise<number>;
}

/** A counter key and the most failures it may reach in a window. */
export type Limit = readonly [key: string, max: number];

/** The Retry-After (seconds) of the first limit already reached, or undefined while all have room. */
export async function usedUp(counter: FailureCounter, limits: readonly Limit[]): Promise<number | undefined> {
  const counts = await Promise.all(limits.map(([key]) => counter.count(key)));
  const blocked = limits.find(([, max], index) => (counts[index] ?? 0) >= max);
  return blocked ? Math.max(1, await counter.retryAfter(blocked[0])) : undefined;
}

/**
 * Counts an attempt against every limit before it is made, so that parallel requests cannot all
 * pass a check made before any of them failed. The Retry-After (seconds) of a limit this attempt
 * exceeds, or undefined when it may go ahead.
 */
export async function reserve(
  counter: FailureCounter,
  limits: readonly Limit[],
): Promise<number | undefined> {
  const counts = await Promise.all(limits.map(([key]) => counter.add(key)));
  const blocked = limits.find(([, max], index) => (counts[index] ?? 0) > max);
  return blocked ? Math.max(1, await counter.retryAfter(blocked[0])) : undefined;
}

/** One counter per purpose: its keys never meet another purpose's, in memory or in Redis. */
export function failureCounter(redis: Redis | undefined, windowS: number, purpose: string): FailureCounter {
  return redis ? new RedisFailureCounter(redis, windowS, purpose) : new MemoryFailureCounter(windowS);
}

export class MemoryFailureCounter implements FailureCounter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private readonly windowMs: number;
  private readonly now: () => number;

  /** `now` is the clock (tests move it instead of waiting). */
  constructor(windowS: number, now: () => number = Date.now) {
    this.windowMs = windowS * 1000;
    this.now = now;
  }

  private current(key: string) {
    const entry = this.windows.get(key);
    if (entry && entry.endsAt > this.now()) return entry;
    if (entry) this.windows.delete(key);
    return undefined;
  }

  async count(key: string): Promise<number> {
    return this.current(key)?.count ?? 0;
  }

  async add(key: string): Promise<number> {
    const entry = this.current(key) ?? { count: 0, endsAt: this.now() + this.windowMs };
    entry.count += 1;
    this.windows.set(key, entry);
    if (this.windows.size > 100_000) this.sweep();
    return entry.count;
  }

  async forgive(key: string): Promise<void> {
    const entry = this.current(key);
    if (entry) entry.count = Math.max(0, entry.count - 1);
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async retryAfter(key: string): Promise<number> {
    const entry = this.current(key);
    return entry ? Math.ceil((entry.endsAt - this.now()) / 1000) : 0;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.windows) if (entry.endsAt <= now) this.windows.delete(key);
  }
}

const FORGIVE = "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0";

export class RedisFailureCounter implements FailureCounter {
  private readonly redis: Redis;
  private readonly windowS: number;
  private readonly purpose: string;

  constructor(redis: Redis, windowS: number, purpose = 'login-failures') {
    this.redis = redis;
    this.windowS = windowS;
    this.purpose = purpose;
  }

  private key(key: string): string {
    return `fleetport:${this.purpose}:${key}`;
  }

  async count(key: string): Promise<number> {
    return Number((await this.redis.get(this.key(key))) ?? 0);
  }

  async add(key: string): Promise<number> {
    const name = this.key(key);
    const [[, count]] = (await this.redis.multi().incr(name).expire(name, this.windowS, 'NX').exec()) as [
      [unknown, number],
    ];
    return count;
  }

  async forgive(key: string): Promise<void> {
    // Only a live key: DECR on one that just expired would create it again, with no expiry.
    await this.redis.eval(FORGIVE, 1, this.key(key));
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.key(key));
  }

  async retryAfter(key: string): Promise<number> {
    return Math.max(0, await this.redis.ttl(this.key(key)));
  }
}
