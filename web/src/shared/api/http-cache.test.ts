import axios from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { clientOver, deferred, fakeServer, hang, ok, unauthorized } from './fake-server.ts';

const MINUTES_5 = 5 * 60 * 1000;

/** A clock the test moves by hand. */
function manualClock(start = 0) {
  let time = start;
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe('ApiClient GET cache (spec §7, §9 "HTTP cache 5 minutes, 100 entries")', () => {
  it('spec §9: a GET flagged cache is answered from memory for 5 minutes, then asked again', async () => {
    // Arrange
    const clock = manualClock();
    const server = fakeServer({ 'GET /tags': (request) => ok({ data: request.nth }) });
    const client = clientOver(server, { now: clock.now });
    const first = await client.http.get('/tags', { cache: true });

    // Act
    clock.advance(MINUTES_5 - 1);
    const cached = await client.http.get('/tags', { cache: true });
    clock.advance(1);
    const expired = await client.http.get('/tags', { cache: true });

    // Assert
    expect([first.data, cached.data, expired.data]).toEqual([{ data: 1 }, { data: 1 }, { data: 2 }]);
    expect(server.count('GET /tags')).toBe(2);
    expect(client.pending.size).toBe(0);
  });

  it('spec §7: the cache is opt-in — GETs without the flag always reach the server', async () => {
    // Arrange
    const server = fakeServer({ 'GET /tags': (request) => ok({ data: request.nth }) });
    const client = clientOver(server);
    await client.http.get('/tags', { cache: true });

    // Act
    const unflagged = await client.http.get('/tags');

    // Assert
    expect(unflagged.data).toEqual({ data: 2 });
    expect(server.count('GET /tags')).toBe(2);
  });

  it('spec §9: the GET cache keeps at most 100 entries, dropping the least recently used', async () => {
    // Arrange
    const server = fakeServer({ 'GET /tags': (request) => ok({ page: request.config.params.page }) });
    const client = clientOver(server);
    for (let page = 1; page <= 100; page += 1)
      await client.http.get('/tags', { cache: true, params: { page } });
    await client.http.get('/tags', { cache: true, params: { page: 1 } });

    // Act
    await client.http.get('/tags', { cache: true, params: { page: 101 } });
    await client.http.get('/tags', { cache: true, params: { page: 1 } });
    await client.http.get('/tags', { cache: true, params: { page: 2 } });

    // Assert: page 2 was the least recently used when page 101 came in.
    expect(server.count('GET /tags')).toBe(102);
    expect(server.seen.at(-1)?.config.params).toEqual({ page: 2 });
  });

  it('other query parameters — are another cache entry (spec §7 "same URL")', async () => {
    // Arrange
    const server = fakeServer({ 'GET /tags': (request) => ok({ page: request.config.params.page }) });
    const client = clientOver(server);
    await client.http.get('/tags', { cache: true, params: { page: 1 } });

    // Act
    const other = await client.http.get('/tags', { cache: true, params: { page: 2 } });

    // Assert
    expect(other.data).toEqual({ page: 2 });
    expect(server.count('GET /tags')).toBe(2);
  });

  it.each([
    ['POST /tags', 'post', '/tags', '/tags?limit=100'],
    ['PUT /tags/5', 'put', '/tags/5', '/tags/5'],
    ['DELETE /tags/5 (the list above it)', 'delete', '/tags/5', '/tags?limit=100'],
  ])('a write (%s) — clears the cached GETs of its path', async (_, method, writeUrl, readUrl) => {
    // Arrange
    const server = fakeServer({
      'GET /tags': (request) => ok({ data: request.nth }),
      'GET /tags/5': (request) => ok({ data: request.nth }),
      'GET /devices': (request) => ok({ data: request.nth }),
      [`${method.toUpperCase()} ${writeUrl}`]: () => ok(),
    });
    const client = clientOver(server);
    const [readPath, query] = readUrl.split('?');
    const params = Object.fromEntries(new URLSearchParams(query));
    await client.http.get(readPath ?? '', { cache: true, params });
    await client.http.get('/devices', { cache: true });

    // Act
    await client.http.request({ method, url: writeUrl });
    const reread = await client.http.get(readPath ?? '', { cache: true, params });
    const other = await client.http.get('/devices', { cache: true });

    // Assert
    expect(reread.data).toEqual({ data: 2 });
    expect(other.data).toEqual({ data: 1 });
  });

  it('a failed GET — is not cached: the next one asks again', async () => {
    // Arrange
    const server = fakeServer({
      'GET /tags': (request) => (request.nth === 1 ? { status: 500 } : ok('good')),
    });
    const client = clientOver(server);
    await client.http.get('/tags', { cache: true }).catch(() => undefined);

    // Act
    const second = await client.http.get('/tags', { cache: true });

    // Assert
    expect(second.data).toBe('good');
    expect(server.count('GET /tags')).toBe(2);
  });

  it('each cached answer — is a copy of its own: changing one changes no other', async () => {
    // Arrange
    const server = fakeServer({ 'GET /tags': () => ok({ data: [{ name: 'a' }] }) });
    const client = clientOver(server);
    const first = await client.http.get('/tags', { cache: true });

    // Act
    first.data.data[0].name = 'changed';
    const second = await client.http.get('/tags', { cache: true });

    // Assert
    expect(second.data).toEqual({ data: [{ name: 'a' }] });
    expect(second.config.cache).toBe(true);
  });

  it('a cached GET meeting 401 — is refreshed, retried and then cached (spec §4 Session)', async () => {
    // Arrange
    const server = fakeServer({
      'GET /tags': (request) => (request.nth === 1 ? unauthorized : ok('after refresh')),
      'POST /account/token/refresh': () => ok(),
    });
    const client = clientOver(server);

    // Act
    const first = await client.http.get('/tags', { cache: true });
    const second = await client.http.get('/tags', { cache: true });

    // Assert
    expect([first.data, second.data]).toEqual(['after refresh', 'after refresh']);
    expect(server.keys()).toEqual(['GET /tags', 'POST /account/token/refresh', 'GET /tags']);
  });

  it('a blob download flagged cache and throttle — still reaches the server every time (spec §7 File download)', async () => {
    // Arrange
    const server = fakeServer({ 'GET /files/9/download': (request) => ok(request.nth) });
    const client = clientOver(server);
    const options = { responseType: 'blob', cache: true, throttle: true } as const;

    // Act
    const answers = [await client.http.get('/files/9/download', options)];
    answers.push(await client.http.get('/files/9/download', options));

    // Assert
    expect(answers.map((answer) => answer.data)).toEqual([1, 2]);
  });
});

describe('ApiClient GET throttle (spec §7, §9 "throttle 1 s")', () => {
  it('spec §9: an identical GET within 1 s reuses the answer; at 1 s it asks again', async () => {
    // Arrange
    const clock = manualClock();
    const server = fakeServer({ 'GET /tags': (request) => ok({ data: request.nth }) });
    const client = clientOver(server, { now: clock.now });
    const first = await client.http.get('/tags', { throttle: true, params: { limit: 100 } });

    // Act
    clock.advance(999);
    const reused = await client.http.get('/tags', { throttle: true, params: { limit: 100 } });
    clock.advance(1);
    const asked = await client.http.get('/tags', { throttle: true, params: { limit: 100 } });

    // Assert
    expect([first.data, reused.data, asked.data]).toEqual([{ data: 1 }, { data: 1 }, { data: 2 }]);
    expect(server.count('GET /tags')).toBe(2);
  });

  it.each([
    ['without the flag', { throttle: false }, { throttle: false }],
    [
      'with other parameters',
      { throttle: true, params: { page: 1 } },
      { throttle: true, params: { page: 2 } },
    ],
  ])('spec §9: a GET %s — is not throttled', async (_, firstOptions, secondOptions) => {
    // Arrange
    const server = fakeServer({ 'GET /tags': (request) => ok(request.nth) });
    const client = clientOver(server);
    await client.http.get('/tags', firstOptions);

    // Act
    const second = await client.http.get('/tags', secondOptions);

    // Assert
    expect(second.data).toBe(2);
  });

  it('spec §7 and §9 together: a throttled GET while an identical one is pending — cancels the older caller and gets the answer of its request, sent once', async () => {
    // Arrange
    const release = deferred();
    const server = fakeServer({
      'GET /tags': async (request) => {
        await release.promise;
        return ok({ data: request.nth });
      },
    });
    const client = clientOver(server);
    const older = client.http.get('/tags', { throttle: true });
    await vi.waitFor(() => expect(server.count('GET /tags')).toBe(1));

    // Act
    const newer = client.http.get('/tags', { throttle: true });
    release.resolve();

    // Assert
    const error = await older.catch((failure: unknown) => failure);
    expect(axios.isCancel(error)).toBe(true);
    expect((error as Error).message).toBe('Canceled for new request with same URL');
    await expect(newer).resolves.toMatchObject({ data: { data: 1 } });
    expect(server.count('GET /tags')).toBe(1);
    expect(client.pending.size).toBe(0);
  });

  it('two throttled GETs flagged ignoreCancel, made in the same tick — both get the answer of one request', async () => {
    // Arrange
    const server = fakeServer({ 'GET /tags': (request) => ok({ data: request.nth }) });
    const client = clientOver(server);
    const options = { throttle: true, ignoreCancel: true };

    // Act
    const answers = await Promise.all([client.http.get('/tags', options), client.http.get('/tags', options)]);

    // Assert
    expect(answers.map((answer) => answer.data)).toEqual([{ data: 1 }, { data: 1 }]);
    expect(server.count('GET /tags')).toBe(1);
    expect(client.pending.size).toBe(0);
  });

  it("one caller's own abort — leaves the other caller's shared request running", async () => {
    // Arrange
    const release = deferred();
    const server = fakeServer({
      'GET /tags': async () => {
        await release.promise;
        return ok('shared');
      },
    });
    const client = clientOver(server);
    const controller = new AbortController();
    const kept = client.http.get('/tags', { throttle: true, ignoreCancel: true });
    await vi.waitFor(() => expect(server.count('GET /tags')).toBe(1));
    const aborted = client.http.get('/tags', {
      throttle: true,
      ignoreCancel: true,
      signal: controller.signal,
    });

    // Act
    controller.abort();
    release.resolve();

    // Assert
    expect(axios.isCancel(await aborted.catch((failure: unknown) => failure))).toBe(true);
    await expect(kept).resolves.toMatchObject({ data: 'shared' });
    expect(server.count('GET /tags')).toBe(1);
  });

  it('a route change — cancels every caller of a shared request and the request itself (spec §4 Route change)', async () => {
    // Arrange
    const server = fakeServer({ 'GET /tags': hang });
    const client = clientOver(server);
    const options = { throttle: true, ignoreCancel: true };
    const first = client.http.get('/tags', options);
    const second = client.http.get('/tags', options);
    await vi.waitFor(() => expect(server.count('GET /tags')).toBe(1));

    // Act
    client.pending.routeChanged('a', 'b');

    // Assert
    for (const request of [first, second]) {
      const error = await request.catch((failure: unknown) => failure);
      expect((error as Error).message).toBe('Canceled for route change');
    }
    expect((server.seen[0]?.config.signal as AbortSignal | undefined)?.aborted).toBe(true);
  });

  it('a failed GET — is not reused: an identical GET within 1 s asks again', async () => {
    // Arrange
    const server = fakeServer({
      'GET /tags': (request) => (request.nth === 1 ? { status: 500 } : ok('good')),
    });
    const client = clientOver(server);
    await client.http.get('/tags', { throttle: true }).catch(() => undefined);

    // Act
    const second = await client.http.get('/tags', { throttle: true });

    // Assert
    expect(second.data).toBe('good');
  });

  it('two shared GETs meeting 401 — share one refresh and are each retried to an answer (spec §4 Session)', async () => {
    // Arrange
    const server = fakeServer({
      'GET /tags': (request) => (request.nth === 1 ? unauthorized : ok({ data: request.nth })),
      'POST /account/token/refresh': () => ok(),
    });
    const client = clientOver(server);
    const options = { throttle: true, ignoreCancel: true };

    // Act
    const answers = await Promise.all([client.http.get('/tags', options), client.http.get('/tags', options)]);

    // Assert
    expect(answers.map((answer) => answer.data)).toEqual([{ data: 2 }, { data: 2 }]);
    expect(server.keys()).toEqual(['GET /tags', 'POST /account/token/refresh', 'GET /tags']);
    expect(client.pending.size).toBe(0);
  });

  it('a write within the second — stops the reuse: the next GET of its path asks again', async () => {
    // Arrange
    const server = fakeServer({ 'GET /tags': (request) => ok(request.nth), 'POST /tags': () => ok() });
    const client = clientOver(server);
    await client.http.get('/tags', { throttle: true });

    // Act
    await client.http.post('/tags', { name: 'new' });
    const after = await client.http.get('/tags', { throttle: true });

    // Assert
    expect(after.data).toBe(2);
  });
});
