import type { Redis } from 'ioredis';

/**
 * Counts failed logins per key (the account and the client's IP) in a fixed window. Memory by
 * default; Redis with REDIS_URL, so that every API replica sees the same counts.
 */
export interface FailureCounter {
  /** The current number of failures of `key` in its window. */
  count(key: string): Promise<number>;
  /** Adds one failure; returns the new count. */
  add(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /** Seconds until the window of `key` ends. */
  retryAfter(key: string): Promise<number>;
}

export class MemoryFailureCounter implements FailureCounter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private readonly windowMs: number;

  constructor(windowS: number) {
    this.windowMs = windowS * 1000;
  }

  private current(key: string) {
    const entry = this.windows.get(key);
    if (entry && entry.endsAt > Date.now()) return entry;
    if (entry) this.windows.delete(key);
    return undefined;
  }

  async count(key: string): Promise<number> {
    return this.current(key)?.count ?? 0;
  }

  async add(key: string): Promise<number> {
    const entry = this.current(key) ?? { count: 0, endsAt: Date.now() + this.windowMs };
    entry.count += 1;
    this.windows.set(key, entry);
    if (this.windows.size > 100_000) this.sweep();
    return entry.count;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async retryAfter(key: string): Promise<number> {
    const entry = this.current(key);
    return entry ? Math.ceil((entry.endsAt - Date.now()) / 1000) : 0;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.windows) if (entry.endsAt <= now) this.windows.delete(key);
  }
}

export class RedisFailureCounter implements FailureCounter {
  private readonly redis: Redis;
  private readonly windowS: number;

  constructor(redis: Redis, windowS: number) {
    this.redis = redis;
    this.windowS = windowS;
  }

  private key(key: string): string {
    return `fleetport:login-failures:${key}`;
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

  async reset(key: string): Promise<void> {
    await this.redis.del(this.key(key));
  }

  async retryAfter(key: string): Promise<number> {
    return Math.max(0, await this.redis.ttl(this.key(key)));
  }
}
