import axios, { AxiosError, type AxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { refreshesOn401 } from './client.ts';
import {
  clientOver,
  deferred,
  fakeServer,
  type Handler,
  hang,
  memoryStorage,
  ok,
  unauthorized,
} from './fake-server.ts';
import { REVOCATION_FAILURES_KEY } from './session-keeper.ts';

// ---------------------------------------------------------------------------------------------

describe('ApiClient headers', () => {
  it('any request — carries X-Requested-With: XMLHttpRequest and the /api base with cookies (spec §7 client conventions)', async () => {
    // Arrange
    const server = fakeServer({ 'GET /devices': () => ok() });
    const client = clientOver(server);

    // Act
    await client.http.get('/devices');

    // Assert
    const config = server.seen[0]?.config;
    expect(config?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(config?.baseURL).toBe('/api');
    expect(config?.withCredentials).toBe(true);
  });

  it('stored spa_version present — is sent as X-SPA-VERSION, read at each request (spec §7)', async () => {
    // Arrange
    let version: string | undefined = '2024.1';
    const server = fakeServer({ 'POST /tags': () => ok() });
    const client = clientOver(server, { spaVersion: () => version });

    // Act
    await client.http.post('/tags', { name: 'a' });
    version = '2024.2';
    await client.http.post('/tags', { name: 'b' });

    // Assert
    expect(server.seen.map((request) => request.config.headers.get('X-SPA-VERSION'))).toEqual([
      '2024.1',
      '2024.2',
    ]);
  });

  it('no stored spa_version — sends no X-SPA-VERSION (spec §7 "when present")', async () => {
    // Arrange
    const server = fakeServer({ 'GET /devices': () => ok() });
    const client = clientOver(server, { spaVersion: () => undefined });

    // Act
    await client.http.get('/devices');

    // Assert
    expect(server.seen[0]?.config.headers.has('X-SPA-VERSION')).toBe(false);
  });

  it.each([
    ['the XSRF-TOKEN cookie', 'theme=dark; XSRF-TOKEN=abc%3D%3D; other=1', 'abc=='],
    ['the RMS-XSRF-TOKEN variant', 'theme=dark; RMS-XSRF-TOKEN=rms-token', 'rms-token'],
  ])('%s — is echoed decoded in X-XSRF-TOKEN (spec §7 CSRF cookie)', async (_, cookie, expected) => {
    // Arrange
    const server = fakeServer({ 'POST /tags': () => ok() });
    const client = clientOver(server, { cookies: () => cookie });

    // Act
    await client.http.post('/tags', {});

    // Assert
    expect(server.seen[0]?.config.headers.get('X-XSRF-TOKEN')).toBe(expected);
  });

  it('no CSRF cookie — sends no X-XSRF-TOKEN (spec §7 CSRF cookie)', async () => {
    // Arrange
    const server = fakeServer({ 'POST /tags': () => ok() });
    const client = clientOver(server, { cookies: () => 'MY-XSRF-TOKEN=nope; theme=dark' });

    // Act
    await client.http.post('/tags', {});

    // Assert
    expect(server.seen[0]?.config.headers.has('X-XSRF-TOKEN')).toBe(false);
  });
});

describe('ApiClient same-URL cancellation', () => {
  it("second GET of the same URL — cancels the first with 'Canceled for new request with same URL' (spec §7)", async () => {
    // Arrange
    const server = fakeServer({
      'GET /devices': (request) => (request.nth === 1 ? hang() : ok({ data: 'second' })),
    });
    const client = clientOver(server);
    const first = client.http.get('/devices');
    await vi.waitFor(() => expect(server.count('GET /devices')).toBe(1));

    // Act
    const second = await client.http.get('/devices');

    // Assert
    const error = await first.catch((failure: unknown) => failure);
    expect(axios.isCancel(error)).toBe(true);
    expect((error as Error).message).toBe('Canceled for new request with same URL');
    expect(second.data).toEqual({ data: 'second' });
    expect(client.pending.size).toBe(0);
  });

  it.each([
    ['the first request', { ignoreCancel: true }, {}],
    ['the second request', {}, { ignoreCancel: true }],
  ])(
    'ignoreCancel on %s — keeps both GETs of the same URL (spec §7 "unless ignoreCancel is set")',
    async (_, firstOptions, secondOptions) => {
      // Arrange
      const release = deferred();
      const server = fakeServer({
        'GET /devices': async (request) => {
          await release.promise;
          return ok(request.nth);
        },
      });
      const client = clientOver(server);
      const first = client.http.get('/devices', firstOptions);
      await vi.waitFor(() => expect(server.count('GET /devices')).toBe(1));

      // Act
      const second = client.http.get('/devices', secondOptions);
      await vi.waitFor(() => expect(server.count('GET /devices')).toBe(2));
      release.resolve();

      // Assert
      await expect(first).resolves.toMatchObject({ data: 1 });
      await expect(second).resolves.toMatchObject({ data: 2 });
    },
  );

  it('two blob GETs of the same URL — are never cancelled (spec §7 "except blob downloads")', async () => {
    // Arrange
    const release = deferred();
    const server = fakeServer({
      'GET /files/9/download': async (request) => {
        await release.promise;
        return ok(request.nth);
      },
    });
    const client = clientOver(server);
    const first = client.http.get('/files/9/download', { responseType: 'blob' });
    await vi.waitFor(() => expect(server.seen).toHaveLength(1));

    // Act
    const second = client.http.get('/files/9/download', { responseType: 'blob' });
    await vi.waitFor(() => expect(server.seen).toHaveLength(2));
    release.resolve();

    // Assert
    await expect(first).resolves.toMatchObject({ data: 1 });
    await expect(second).resolves.toMatchObject({ data: 2 });
  });

  it('GETs of the same path with other query parameters — are not cancelled (spec §7 "same URL")', async () => {
    // Arrange
    const release = deferred();
    const server = fakeServer({
      'GET /devices': async (request) => {
        await release.promise;
        return ok(request.nth);
      },
    });
    const client = clientOver(server);
    const first = client.http.get('/devices', { params: { page: 1 } });
    await vi.waitFor(() => expect(server.seen).toHaveLength(1));

    // Act
    const second = client.http.get('/devices', { params: { page: 2 } });
    await vi.waitFor(() => expect(server.seen).toHaveLength(2));
    release.resolve();

    // Assert
    await expect(first).resolves.toMatchObject({ data: 1 });
    await expect(second).resolves.toMatchObject({ data: 2 });
  });

  it('two POSTs to the same URL — are not cancelled: the rule is for GET requests (spec §7)', async () => {
    // Arrange
    const release = deferred();
    const server = fakeServer({
      'POST /tags': async (request) => {
        await release.promise;
        return ok(request.nth);
      },
    });
    const client = clientOver(server);
    const first = client.http.post('/tags', { name: 'a' });
    await vi.waitFor(() => expect(server.seen).toHaveLength(1));

    // Act
    const second = client.http.post('/tags', { name: 'b' });
    await vi.waitFor(() => expect(server.seen).toHaveLength(2));
    release.resolve();

    // Assert
    await expect(first).resolves.toMatchObject({ data: 1 });
    await expect(second).resolves.toMatchObject({ data: 2 });
  });
});

describe('ApiClient route change', () => {
  it("route change to another route name — cancels the pending requests with 'Canceled for route change' (spec §4 Route change)", async () => {
    // Arrange
    const server = fakeServer({ 'GET /devices': hang, 'POST /tags': hang });
    const client = clientOver(server);
    const read = client.http.get('/devices');
    const write = client.http.post('/tags', {});
    await vi.waitFor(() => expect(server.seen).toHaveLength(2));

    // Act
    const cancelled = client.pending.routeChanged('a', 'b');

    // Assert
    expect(cancelled).toBe(2);
    for (const request of [read, write]) {
      const error = await request.catch((failure: unknown) => failure);
      expect(axios.isCancel(error)).toBe(true);
      expect((error as Error).message).toBe('Canceled for route change');
    }
  });

  it('route change to the same route name — cancels nothing (spec §4 "except to the same route name")', async () => {
    // Arrange
    const release = deferred();
    const server = fakeServer({
      'GET /devices': async () => {
        await release.promise;
        return ok('kept');
      },
    });
    const client = clientOver(server);
    const read = client.http.get('/devices');
    await vi.waitFor(() => expect(server.seen).toHaveLength(1));

    // Act
    const cancelled = client.pending.routeChanged('a', 'a');
    release.resolve();

    // Assert
    expect(cancelled).toBe(0);
    await expect(read).resolves.toMatchObject({ data: 'kept' });
  });

  it('request flagged skipPending — survives a route change (spec §7 "flagged to skip the pending-request list")', async () => {
    // Arrange
    const release = deferred();
    const server = fakeServer({
      'GET /devices': async () => {
        await release.promise;
        return ok('kept');
      },
    });
    const client = clientOver(server);
    const read = client.http.get('/devices', { skipPending: true });
    await vi.waitFor(() => expect(server.seen).toHaveLength(1));

    // Act
    const cancelled = client.pending.routeChanged('a', 'b');
    release.resolve();

    // Assert
    expect(cancelled).toBe(0);
    await expect(read).resolves.toMatchObject({ data: 'kept' });
  });

  it("caller's own abort signal — still cancels a tracked request (spec §7)", async () => {
    // Arrange
    const server = fakeServer({ 'GET /devices': hang });
    const client = clientOver(server);
    const controller = new AbortController();
    const read = client.http.get('/devices', { signal: controller.signal });
    await vi.waitFor(() => expect(server.seen).toHaveLength(1));

    // Act
    controller.abort();

    // Assert
    const error = await read.catch((failure: unknown) => failure);
    expect(axios.isCancel(error)).toBe(true);
    expect(client.pending.size).toBe(0);
  });
});

describe('ApiClient 401 refresh', () => {
  it('three concurrent GETs meeting 401 — share exactly one POST /account/token/refresh and all three are retried and resolve (spec §4 Session)', async () => {
    // Arrange
    const allArrived = deferred();
    let firstRound = 0;
    const firstThen =
      (name: string): Handler =>
      async (request) => {
        if (request.nth > 1) return ok({ data: name });
        firstRound += 1;
        if (firstRound === 3) allArrived.resolve();
        await allArrived.promise;
        return unauthorized;
      };
    const server = fakeServer({
      'GET /a': firstThen('a'),
      'GET /b': firstThen('b'),
      'GET /c': firstThen('c'),
      'POST /account/token/refresh': async () => {
        await new Promise((done) => setTimeout(done, 5));
        return ok();
      },
    });
    const client = clientOver(server, { currentPath: () => '/management/files' });

    // Act
    const answers = await Promise.all(['/a', '/b', '/c'].map((url) => client.http.get(url)));

    // Assert
    expect(answers.map((answer) => answer.data)).toEqual([{ data: 'a' }, { data: 'b' }, { data: 'c' }]);
    expect(server.count('POST /account/token/refresh')).toBe(1);
    expect(['GET /a', 'GET /b', 'GET /c'].map(server.count)).toEqual([2, 2, 2]);
    expect(server.keys().indexOf('POST /account/token/refresh')).toBe(3);
  });

  it('retried GET after a refresh — reads the CSRF cookie again (spec §7 CSRF cookie echoed)', async () => {
    // Arrange
    let cookie = 'XSRF-TOKEN=before';
    const server = fakeServer({
      'GET /devices': (request) => (request.nth === 1 ? unauthorized : ok()),
      'POST /account/token/refresh': () => {
        cookie = 'XSRF-TOKEN=after';
        return ok();
      },
    });
    const client = clientOver(server, { cookies: () => cookie });

    // Act
    await client.http.get('/devices');

    // Assert
    expect(server.seen.map((request) => [request.key, request.config.headers.get('X-XSRF-TOKEN')])).toEqual([
      ['GET /devices', 'before'],
      ['POST /account/token/refresh', 'before'],
      ['GET /devices', 'after'],
    ]);
  });

  it('GET still 401 after a good refresh — is rejected, not refreshed again (spec §4: one refresh, then reload)', async () => {
    // Arrange
    const server = fakeServer({
      'GET /devices': () => unauthorized,
      'POST /account/token/refresh': () => ok(),
    });
    const client = clientOver(server);

    // Act
    const error = await client.http.get('/devices').catch((failure: unknown) => failure);

    // Assert
    expect((error as AxiosError).response?.status).toBe(401);
    expect(server.keys()).toEqual(['GET /devices', 'POST /account/token/refresh', 'GET /devices']);
  });

  it('POST meeting 401 after a good refresh — is rejected with sessionRefreshed: true and not retried (spec §4: GET requests are reloaded)', async () => {
    // Arrange
    const server = fakeServer({
      'POST /tags': () => unauthorized,
      'POST /account/token/refresh': () => ok(),
    });
    const client = clientOver(server);

    // Act
    const error = await client.http.post('/tags', { name: 'a' }).catch((failure: unknown) => failure);

    // Assert
    expect(error).toMatchObject({ sessionRefreshed: true, response: { status: 401 } });
    expect(server.keys()).toEqual(['POST /tags', 'POST /account/token/refresh']);
  });

  it('refresh failing — revokes with client_id and redirect_uri of the page query and ends the session at the answer location (spec §4, §7 token revoke)', async () => {
    // Arrange
    const onSessionEnded = vi.fn();
    const storage = memoryStorage({ [REVOCATION_FAILURES_KEY]: '2' });
    const server = fakeServer({
      'GET /devices': () => unauthorized,
      'POST /account/token/refresh': () => unauthorized,
      'POST /account/token/revoke': () =>
        ok({ data: { location: 'https://sso.example/login?from=console' } }),
    });
    const client = clientOver(server, {
      onSessionEnded,
      sessionStorage: storage,
      currentSearch: () => '?client_id=console&redirect_uri=https%3A%2F%2Fhost%2Fcb&theme=x',
    });

    // Act
    const error = await client.http.get('/devices').catch((failure: unknown) => failure);
    await vi.waitFor(() => expect(onSessionEnded).toHaveBeenCalled());

    // Assert
    expect((error as AxiosError).response?.status).toBe(401);
    expect(server.keys()).toEqual([
      'GET /devices',
      'POST /account/token/refresh',
      'POST /account/token/revoke',
    ]);
    expect(server.seen[2]?.body).toEqual({ client_id: 'console', redirect_uri: 'https://host/cb' });
    expect(onSessionEnded).toHaveBeenCalledExactlyOnceWith('https://sso.example/login?from=console');
    expect(storage.items.has(REVOCATION_FAILURES_KEY)).toBe(false);
  });

  it('revoke answer without a location — ends the session at /account/login with an empty body (spec §4 "redirected to the account login")', async () => {
    // Arrange
    const onSessionEnded = vi.fn();
    const server = fakeServer({
      'GET /devices': () => unauthorized,
      'POST /account/token/refresh': () => ({ status: 500 }),
      'POST /account/token/revoke': () => ok({}),
    });
    const client = clientOver(server, { onSessionEnded, currentSearch: () => '' });

    // Act
    await client.http.get('/devices').catch(() => undefined);
    await vi.waitFor(() => expect(onSessionEnded).toHaveBeenCalled());

    // Assert
    expect(onSessionEnded).toHaveBeenCalledExactlyOnceWith('/account/login');
    expect(server.seen[2]?.body).toEqual({});
  });

  it('revoke failing 3 times — calls onMaintenance once and stores the counter \'3\' (spec §4 "After 3 failed revocations")', async () => {
    // Arrange
    const onMaintenance = vi.fn();
    const onSessionEnded = vi.fn();
    const storage = memoryStorage();
    const server = fakeServer({
      'GET /devices': () => unauthorized,
      'POST /account/token/refresh': () => unauthorized,
      'POST /account/token/revoke': () => ({ status: 503 }),
    });
    const client = clientOver(server, { onMaintenance, onSessionEnded, sessionStorage: storage });

    // Act
    await client.http.get('/devices').catch(() => undefined);
    await vi.waitFor(() => expect(onMaintenance).toHaveBeenCalled());
    await new Promise((done) => setTimeout(done, 20));

    // Assert
    expect(onMaintenance).toHaveBeenCalledTimes(1);
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(server.count('POST /account/token/revoke')).toBe(3);
    expect(storage.getItem(REVOCATION_FAILURES_KEY)).toBe('3');
  });

  it.each([
    ['GET', '/account/profile'],
    ['POST', '/account/user/activation/resend'],
    ['GET', '/v2/account/settings'],
  ])(
    '401 on %s %s (URL containing /account) — is rejected without a refresh (spec §8)',
    async (method, url) => {
      // Arrange
      const server = fakeServer({
        [`${method} ${url}`]: () => unauthorized,
        'POST /account/token/refresh': () => ok(),
      });
      const client = clientOver(server);

      // Act
      const error = await client.http.request({ method, url }).catch((failure: unknown) => failure);

      // Assert
      expect((error as AxiosError).response?.status).toBe(401);
      expect(server.keys()).toEqual([`${method} ${url}`]);
    },
  );

  it.each(['/rms-connect/ssh', '/rms-connect/telnet'])(
    '401 on GET /user while on %s — is rejected without a refresh (spec §8)',
    async (path) => {
      // Arrange
      const server = fakeServer({
        'GET /user': () => unauthorized,
        'POST /account/token/refresh': () => ok(),
      });
      const client = clientOver(server, { currentPath: () => path });

      // Act
      const error = await client.http.get('/user').catch((failure: unknown) => failure);

      // Assert
      expect((error as AxiosError).response?.status).toBe(401);
      expect(server.keys()).toEqual(['GET /user']);
    },
  );

  it('401 on GET /user while on /rms-connect/desktop — is refreshed and retried (spec §8: only ssh and telnet skip)', async () => {
    // Arrange
    const server = fakeServer({
      'GET /user': (request) => (request.nth === 1 ? unauthorized : ok({ data: { id: 1 } })),
      'POST /account/token/refresh': () => ok(),
    });
    const client = clientOver(server, { currentPath: () => '/rms-connect/desktop' });

    // Act
    const answer = await client.http.get('/user');

    // Assert
    expect(answer.data).toEqual({ data: { id: 1 } });
    expect(server.keys()).toEqual(['GET /user', 'POST /account/token/refresh', 'GET /user']);
  });
});

describe('ApiClient.getUser', () => {
  it('a good answer — resolves with data.data, asked with the 30 s timeout (spec §7 GET /user)', async () => {
    // Arrange
    const server = fakeServer({ 'GET /user': () => ok({ data: { id: 42, email: 'ada@example.com' } }) });
    const client = clientOver(server);

    // Act
    const user = await client.getUser<{ id: number }>();

    // Assert
    expect(user).toEqual({ id: 42, email: 'ada@example.com' });
    expect(server.seen[0]?.config.timeout).toBe(30_000);
  });

  it("timeout (ECONNABORTED, no response) — rejects with 'User request timeout' and status 408 (spec §8 user load)", async () => {
    // Arrange
    const server = fakeServer({ 'GET /user': () => ({ fail: 'timeout' }) });
    const client = clientOver(server);

    // Act
    const error = await client.getUser().catch((failure: unknown) => failure);

    // Assert
    expect(error).toBeInstanceOf(Error);
    expect(axios.isAxiosError(error)).toBe(false);
    expect(error).toMatchObject({ message: 'User request timeout', status: 408 });
  });

  it('network failure without a timeout — is passed on as it is, not as a timeout (spec §8 user load)', async () => {
    // Arrange
    const server = fakeServer({ 'GET /user': () => ({ fail: 'network' }) });
    const client = clientOver(server);

    // Act
    const error = await client.getUser().catch((failure: unknown) => failure);

    // Assert
    expect(axios.isAxiosError(error)).toBe(true);
    expect((error as AxiosError).code).toBe(AxiosError.ERR_NETWORK);
  });

  it('skipAuthRefresh — answers a 401 without a refresh (no-auth pages, spec §5)', async () => {
    // Arrange
    const server = fakeServer({ 'GET /user': () => unauthorized, 'POST /account/token/refresh': () => ok() });
    const client = clientOver(server);

    // Act
    const error = await client.getUser({ skipAuthRefresh: true }).catch((failure: unknown) => failure);

    // Assert
    expect((error as AxiosError).response?.status).toBe(401);
    expect(server.keys()).toEqual(['GET /user']);
  });
});

describe('refreshesOn401', () => {
  it.each<[string, boolean, AxiosRequestConfig, string]>([
    ['an ordinary GET', true, { url: '/devices', method: 'get' }, '/management/devices'],
    ['an ordinary POST', true, { url: '/tags', method: 'post' }, '/tags'],
    ['GET /user on a console page', true, { url: '/user' }, '/management/files'],
    ['GET /user on the desktop connect page', true, { url: '/user' }, '/rms-connect/desktop'],
    ['GET /users on the ssh page', true, { url: '/users' }, '/rms-connect/ssh'],
    ['GET /user on a page that only starts like ssh', true, { url: '/user' }, '/rms-connect/sshx'],
    ['GET /user on the ssh page', false, { url: '/user' }, '/rms-connect/ssh'],
    ['GET /user with a query on the ssh page', false, { url: '/user?fields=id' }, '/rms-connect/ssh'],
    ['GET /user on a sub-path of the telnet page', false, { url: '/user' }, '/rms-connect/telnet/5'],
    ['the refresh call itself', false, { url: '/account/token/refresh', method: 'post' }, '/'],
    ['the revoke call', false, { url: '/account/token/revoke', method: 'post' }, '/'],
    ['a request flagged skipAuthRefresh', false, { url: '/devices', skipAuthRefresh: true }, '/'],
    ['a request already retried once', false, { url: '/devices', fpRetried: true }, '/'],
  ])('%s — refreshes: %s (spec §8 session and global errors)', (_, expected, config, currentPath) => {
    // Arrange
    const request = { ...config };

    // Act
    const refreshes = refreshesOn401(request, currentPath);

    // Assert
    expect(refreshes).toBe(expected);
  });
});
