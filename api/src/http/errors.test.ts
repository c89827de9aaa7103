import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, startTestApi } from '../testing/fixtures.ts';
import { inputRefusedByDatabase } from './errors.ts';

/** What the store throws for `query`, or undefined when it succeeds. */
async function failureOf(fx: ApiFixture, query: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await fx.api.deps.db.execute(query);
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('inputRefusedByDatabase (the net under the field schemas)', () => {
  let fx: ApiFixture;
  beforeAll(async () => {
    fx = await startTestApi();
  });
  afterAll(async () => {
    await fx?.stop();
  });

  it.each([
    ['an integer out of range', sql`select ${'2147483648'}::int`],
    ['U+0000 in text', sql`select ${'a\u0000b'}::text`],
    ['a malformed number', sql`select ${'abc'}::int`],
  ])('answers 422 for %s, on this store', async (_name, query) => {
    const error = await failureOf(fx, query);
    expect(error).toBeDefined();
    const answer = inputRefusedByDatabase(error);
    expect(answer?.status).toBe(422);
    expect(answer?.errors[0]?.code).toBe('VALIDATION_ERROR');
  });

  it('leaves every other error to the internal-error path', async () => {
    expect(inputRefusedByDatabase(await failureOf(fx, sql`select * from no_such_table`))).toBeUndefined();
    expect(inputRefusedByDatabase(new Error('boom'))).toBeUndefined();
    expect(inputRefusedByDatabase(undefined)).toBeUndefined();
    expect(inputRefusedByDatabase({ code: 23505 })).toBeUndefined();
  });

  it('looks through wrapped errors', () => {
    const wrapped = new Error('Failed query', { cause: { code: '22P05' } });
    expect(inputRefusedByDatabase(wrapped)?.status).toBe(422);
  });
});
