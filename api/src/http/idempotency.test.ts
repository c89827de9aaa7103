import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, startTestApi, type TestClient } from '../testing/fixtures.ts';

/**
 * A retried write is applied once (Idempotency-Key): the same key gets the first answer back,
 * two copies sent together apply once, and a retry after the caller gave up (an edge timeout)
 * finds the write done instead of doing it again. Announcements are the write under test: sent
 * twice, every user of the company would be notified twice.
 */
let fx: ApiFixture;
let client: TestClient;
let companyId: number;

beforeAll(async () => {
  fx = await startTestApi();
  client = await fx.login('super@fleetport.example');
  const [acme] = await fx.api.deps.database.query<{ id: number }>(
    "SELECT id FROM companies WHERE name = 'Acme Networks'",
  );
  companyId = acme?.id as number;
});
afterAll(async () => {
  await fx?.stop();
});

const announcementsSaying = async (summary: string) =>
  (
    await fx.api.deps.database.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM announcements WHERE summary = $1',
      [summary],
    )
  )[0]?.count;

const announce = (summary: string, key?: string, body: Record<string, unknown> = {}) =>
  client.post(
    '/api/announcements',
    { company_id: companyId, summary, ...body },
    key ? { headers: { 'Idempotency-Key': key } } : {},
  );

describe('Idempotency-Key on writes', () => {
  it('without a key, a write sent twice is applied twice (what the key prevents)', async () => {
    await announce('no key');
    await announce('no key');
    expect(await announcementsSaying('no key')).toBe(2);
  });

  it('the same key again: the first answer comes back and the write is not applied again', async () => {
    const first = await announce('sent twice', 'key-sequential-1');
    const second = await announce('sent twice', 'key-sequential-1');
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await announcementsSaying('sent twice')).toBe(1);
  });

  it('two identical requests at once: applied once, both answered with the same answer', async () => {
    const answers = await Promise.all([
      announce('concurrent', 'key-concurrent-1'),
      announce('concurrent', 'key-concurrent-1'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(answers[1]?.body).toEqual(answers[0]?.body);
    expect(await announcementsSaying('concurrent')).toBe(1);
  });

  it('a retry after the caller gave up on the first answer finds the write done', async () => {
    // The first copy is sent on a raw connection that is closed without reading the answer,
    // as the edge does after PROXY_TIMEOUT_MS; the API finishes the write all the same.
    const url = new URL(fx.url);
    const body = JSON.stringify({ company_id: companyId, summary: 'after a timeout' });
    const headers = [
      'POST /api/announcements HTTP/1.1',
      `Host: ${url.host}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'X-Requested-With: XMLHttpRequest',
      `X-XSRF-TOKEN: ${client.cookie('XSRF-TOKEN')}`,
      `Cookie: ${client.cookieHeader('/api/announcements')}`,
      'Idempotency-Key: key-timeout-1',
      'Connection: close',
    ];
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(`${headers.join('\r\n')}\r\n\r\n${body}`, () => {
          socket.destroy();
          resolve();
        });
      });
      socket.on('error', reject);
    });
    // Wait until the API has taken the key, so the retry meets the first copy, not a race.
    for (let tries = 0; tries < 200; tries += 1) {
      const rows = await fx.api.deps.database.query(
        "SELECT 1 FROM idempotency_keys WHERE key = 'key-timeout-1'",
      );
      if (rows.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const retry = await announce('after a timeout', 'key-timeout-1');
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await announcementsSaying('after a timeout')).toBe(1);
  });

  it('a refused write lets the key go: the corrected retry with the same key runs', async () => {
    const refused = await announce('', 'key-refused-1');
    expect(refused.status).toBe(422);
    const retried = await announce('fixed after a refusal', 'key-refused-1');
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(await announcementsSaying('fixed after a refusal')).toBe(1);
  });

  it('the same key for another request is refused with a 422 naming the header', async () => {
    await announce('the first use', 'key-reused-1');
    const other = await announce('another request', 'key-reused-1');
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({
      errors: [{ code: 'IDEMPOTENCY_KEY_REUSED', source: 'Idempotency-Key' }],
    });
    expect(await announcementsSaying('another request')).toBe(0);
  });

  it('keys are the caller’s own: another user’s same key is another request, applied', async () => {
    await announce('per user', 'key-shared-1');
    const admin = await fx.login('admin@acme.example');
    const theirs = await admin.post(
      '/api/tags',
      { company_id: companyId, name: 'per-user-key' },
      { headers: { 'Idempotency-Key': 'key-shared-1' } },
    );
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body).toMatchObject({ data: { name: 'per-user-key' } });
  });

  it('a malformed key is a 422 naming the header', async () => {
    const answer = await announce('bad key', 'has spaces in it');
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ errors: [{ source: 'Idempotency-Key' }] });
    expect(await announcementsSaying('bad key')).toBe(0);
  });

  it('a key older than 24 hours no longer counts', async () => {
    await announce('a day later', 'key-old-1');
    await fx.api.deps.database.query(
      "UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'key-old-1'",
    );
    const later = await announce('a day later', 'key-old-1');
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(await announcementsSaying('a day later')).toBe(2);
  });
});
