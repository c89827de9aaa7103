import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, startTestApi } from '../../testing/fixtures.ts';
import { MemoryFailureCounter, RedisFailureCounter, reserve, usedUp } from './rate-limit.ts';

describe('MemoryFailureCounter', () => {
  it('counts failures per key within the window and resets', async () => {
    const counter = new MemoryFailureCounter(60);
    expect(await counter.add('a')).toBe(1);
    expect(await counter.add('a')).toBe(2);
    expect(await counter.count('b')).toBe(0);
    expect(await counter.retryAfter('a')).toBeGreaterThan(55);
    await counter.reset('a');
    expect(await counter.count('a')).toBe(0);
  });

  it('reserves before an attempt, forgives a success, and ends the window on its clock', async () => {
    let now = 0;
    const counter = new MemoryFailureCounter(60, () => now);
    const limits = [['user:1', 2]] as const;
    expect(await reserve(counter, limits)).toBeUndefined();
    await counter.forgive('user:1');
    expect(await reserve(counter, limits)).toBeUndefined();
    expect(await reserve(counter, limits)).toBeUndefined();
    expect(await usedUp(counter, limits)).toBe(60);
    now = 45_000;
    expect(await reserve(counter, limits)).toBe(15);
    now = 60_000;
    expect(await usedUp(counter, limits)).toBeUndefined();
    await counter.forgive('user:1');
    expect(await counter.count('user:1')).toBe(0);
  });
});

// With REDIS_URL (always in CI), the count is shared by every API replica.
describe.runIf(process.env.REDIS_URL)('login rate limit across two API instances (Redis)', () => {
  let first: ApiFixture;
  let second: ApiFixture;
  beforeAll(async () => {
    first = await startTestApi({ REDIS_URL: process.env.REDIS_URL });
    second = await startTestApi({ REDIS_URL: process.env.REDIS_URL });
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
  });

  it('the 11th attempt answers 429 on the other instance after 10 failures on one', async () => {
    const email = `spray-${randomBytes(6).toString('hex')}@acme.example`;
    // A client address of its own (the edge's X-Forwarded-For), so counts left in Redis by
    // earlier runs never meet this one.
    const [a, b, c] = randomBytes(3);
    const headers = { 'X-Forwarded-For': `10.${a}.${b}.${c}` };
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const answer = await first
        .client()
        .post('/api/account/login', { email, password: `wrong-${attempt}` }, { headers });
      expect(answer.status).toBe(401);
    }
    const blocked = await second
      .client()
      .post('/api/account/login', { email, password: 'wrong-11' }, { headers });
    expect(blocked.status).toBe(429);
  });
});

describe.runIf(process.env.REDIS_URL)('RedisFailureCounter', () => {
  it('forgives a counted failure, and never brings back a key whose window ended', async () => {
    const redis = new Redis(process.env.REDIS_URL as string);
    try {
      const counter = new RedisFailureCounter(redis, 60, `test-${randomBytes(6).toString('hex')}`);
      expect(await counter.add('a')).toBe(1);
      expect(await counter.add('a')).toBe(2);
      await counter.forgive('a');
      expect(await counter.count('a')).toBe(1);
      await counter.reset('a');
      await counter.forgive('a');
      expect(await counter.count('a')).toBe(0);
      // No key without an expiry left behind.
      expect(await counter.retryAfter('a')).toBe(0);
    } finally {
      redis.disconnect();
    }
  });
});
