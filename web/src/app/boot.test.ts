import { type AxiosAdapter, AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { ApiClient, type ApiClientOptions } from '../shared/api/client.ts';
import type { CurrentUser } from '../shared/lib/auth.ts';
import { type BootEnv, boot, DEFAULT_FILE_CONFIG } from './boot.ts';

// ---------------------------------------------------------------------------------------------
// An in-memory API and config file; every call is logged in the order it reached them.

type Answer = { status: number; data?: unknown } | { fail: 'network' };
type Handler = (config: InternalAxiosRequestConfig) => Answer | Promise<Answer>;

const USER: CurrentUser = {
  id: 7,
  username: 'ada',
  email: 'ada@example.com',
  company: { id: 3, name: 'Acme', parent_id: null },
  role: { id: 2, name: 'admin', title: 'Administrator' },
  avatar_url: null,
  mfa_type: null,
  exp: 1_900_000_000,
  permissions: ['view_files'],
  country_iso_code: 'LT',
  company_id: 3,
  company_name: 'Acme',
  role_title: 'Administrator',
  impersonation_access_limit: null,
};

const ok = (data: unknown): Answer => ({ status: 200, data });
const globalError = (status: number, code: string): Answer => ({
  status,
  data: { errors: [{ code, message: code }] },
});

/** The answers of a healthy back end; each test overrides what it is about. */
const HEALTHY: Record<string, Handler> = {
  'GET /local/config': () => ok({ data: { max_devices_count: 500, total_devices_count: 12 } }),
  'GET /user': () => ok({ data: USER }),
  'GET /storage': () => ok({ data: [{ key: 'language', value: 'ja' }] }),
  'POST /account/token/refresh': () => ok({}),
  'POST /account/token/revoke': () => ok({ data: { location: '/account/login' } }),
};

const jsonFile = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function world(
  overrides: Record<string, Handler> = {},
  fetchFile: BootEnv['fetchFile'] = async () =>
    jsonFile({ google_maps_key: 'maps-key', mfa_required: false }),
  options: Partial<ApiClientOptions> = {},
) {
  const log: string[] = [];
  const configs: InternalAxiosRequestConfig[] = [];
  const handlers = { ...HEALTHY, ...overrides };
  const adapter: AxiosAdapter = async (config) => {
    const key = `${(config.method ?? 'get').toUpperCase()} ${config.url}`;
    const query = config.params ? `?${new URLSearchParams(config.params).toString()}` : '';
    log.push(`${key}${query}`);
    configs.push(config);
    const answer = await (handlers[key] ?? (() => ({ status: 404, data: {} })))(config);
    if ('fail' in answer) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const response: AxiosResponse = {
      data: answer.data,
      status: answer.status,
      statusText: String(answer.status),
      headers: {},
      config,
      request: {},
    };
    if (answer.status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${answer.status}`,
        'ERR_BAD_REQUEST',
        config,
        {},
        response,
      );
    }
    return response;
  };
  const api = new ApiClient({ adapter, revocationRetryDelayMs: 0, ...options });
  const goTo = vi.fn();
  const env: BootEnv = {
    api,
    online: true,
    noAuth: false,
    fetchFile: (url) => {
      log.push(`FILE ${url}`);
      return fetchFile(url);
    },
    goTo,
  };
  return { env, log, configs, goTo };
}

interface Gate {
  promise: Promise<void>;
  open: () => void;
}

function gate(): Gate {
  let open: () => void = () => {};
  const promise = new Promise<void>((done) => {
    open = done;
  });
  return { promise, open };
}

// ---------------------------------------------------------------------------------------------

describe('boot offline', () => {
  it("browser offline — goes to /offline.html and answers redirecting without a call (spec §4 start-up, §2 'If the browser is offline')", async () => {
    // Arrange
    const { env, log, goTo } = world();

    // Act
    const state = await boot({ ...env, online: false });

    // Assert
    expect(state).toEqual({ status: 'redirecting' });
    expect(goTo).toHaveBeenCalledExactlyOnceWith('/offline.html');
    expect(log).toEqual([]);
  });
});

describe('boot order', () => {
  it('healthy start — loads both configs, then GET /user, then GET /storage?limit=100 (spec §4 start-up, §7 storage)', async () => {
    // Arrange
    const { env, log } = world();

    // Act
    await boot(env);

    // Assert
    expect(log.slice(0, 2).sort()).toEqual(['FILE /localrms-config.json', 'GET /local/config']);
    expect(log.slice(2)).toEqual(['GET /user', 'GET /storage?limit=100']);
  });

  it('slow config file — GET /user waits for it (spec §4 "load config, then initialise session")', async () => {
    // Arrange
    const file = gate();
    const { env, log } = world({}, async () => {
      await file.promise;
      return jsonFile({ google_maps_key: '', mfa_required: true });
    });

    // Act
    const started = boot(env);
    await vi.waitFor(() => expect(log).toContain('GET /local/config'));
    await new Promise((done) => setTimeout(done, 10));
    const beforeFile = [...log];
    file.open();
    await started;

    // Assert
    expect(beforeFile).not.toContain('GET /user');
    expect(log).toContain('GET /user');
  });

  it('slow /local/config — GET /user waits for it (spec §4 "load config, then initialise session")', async () => {
    // Arrange
    const local = gate();
    const { env, log } = world({
      'GET /local/config': async () => {
        await local.promise;
        return ok({ data: { max_devices_count: 1, total_devices_count: 0 } });
      },
    });

    // Act
    const started = boot(env);
    await vi.waitFor(() => expect(log).toContain('GET /local/config'));
    await new Promise((done) => setTimeout(done, 10));
    const beforeConfig = [...log];
    local.open();
    await started;

    // Assert
    expect(beforeConfig).not.toContain('GET /user');
    expect(log.at(-2)).toBe('GET /user');
  });

  it('forced refresh of /local/config — is asked with Cache-Control: no-cache (spec §7 configuration)', async () => {
    // Arrange
    const { env, configs } = world();

    // Act
    await boot(env);

    // Assert
    const local = configs.find((config) => config.url === '/local/config');
    expect(local?.headers.get('Cache-Control')).toBe('no-cache');
  });
});

describe('boot ready', () => {
  it('healthy start — answers ready with the user, both configs and the storage list (spec §4 "On success load user storage and mount")', async () => {
    // Arrange
    const { env } = world();

    // Act
    const state = await boot(env);

    // Assert
    expect(state).toEqual({
      status: 'ready',
      user: USER,
      localConfig: { max_devices_count: 500, total_devices_count: 12 },
      fileConfig: { ...DEFAULT_FILE_CONFIG, google_maps_key: 'maps-key', mfa_required: false },
      storage: [{ key: 'language', value: 'ja' }],
    });
  });

  it.each<[string, BootEnv['fetchFile']]>([
    ['a rejected fetch', async () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 404 answer', async () => jsonFile({ google_maps_key: 'ignored', mfa_required: false }, 404)],
    ['a body that is not JSON', async () => new Response('<html>', { status: 200 })],
    ['fields of the wrong type', async () => jsonFile({ google_maps_key: 42, mfa_required: 'no' })],
    ['an empty object', async () => jsonFile({})],
  ])(
    "config file with %s — falls back to {google_maps_key: '', mfa_required: true} (spec §7 localrms-config.json)",
    async (_, fetchFile) => {
      // Arrange
      const { env } = world({}, fetchFile);

      // Act
      const state = await boot(env);

      // Assert
      expect(state).toMatchObject({
        status: 'ready',
        user: USER,
        fileConfig: DEFAULT_FILE_CONFIG,
      });
    },
  );

  it.each<[string, Handler]>([
    ['a 500', () => ({ status: 500, data: {} })],
    ['a network failure', () => ({ fail: 'network' })],
  ])(
    'GET /storage failing with %s — is ignored: ready with an empty list (spec §7 "Failures ignored")',
    async (_, storage) => {
      // Arrange
      const { env } = world({ 'GET /storage': storage });

      // Act
      const state = await boot(env);

      // Assert
      expect(state).toMatchObject({ status: 'ready', user: USER, storage: [] });
    },
  );

  it('GET /local/config failing with 500 — is ignored: ready with max_devices_count 0 (spec §7 "Errors ignored", §9)', async () => {
    // Arrange
    const { env } = world({ 'GET /local/config': () => ({ status: 500, data: {} }) });

    // Act
    const state = await boot(env);

    // Assert
    expect(state).toMatchObject({
      status: 'ready',
      user: USER,
      localConfig: { max_devices_count: 0, total_devices_count: 0 },
    });
  });

  it('GET /local/config meeting 401 before the session refresh — is asked again after GET /user (spec §4 session refresh)', async () => {
    // Arrange
    let localCalls = 0;
    const { env, log } = world({
      'GET /local/config': () => {
        localCalls += 1;
        return localCalls === 1
          ? globalError(401, 'UNAUTHORIZED')
          : ok({ data: { max_devices_count: 9, total_devices_count: 1 } });
      },
      'GET /user': () =>
        log.includes('POST /account/token/refresh') ? ok({ data: USER }) : globalError(401, 'UNAUTHORIZED'),
    });

    // Act
    const state = await boot(env);

    // Assert
    expect(state).toMatchObject({ status: 'ready', user: USER, localConfig: { max_devices_count: 9 } });
    expect(log.filter((entry) => entry !== 'FILE /localrms-config.json')).toEqual([
      'GET /local/config',
      'GET /user',
      'POST /account/token/refresh',
      'GET /user',
      'GET /local/config',
      'GET /storage?limit=100',
    ]);
  });
});

describe('boot global errors', () => {
  it.each(['EMAIL_NOT_VERIFIED', 'MFA_MANDATORY', 'NOT_INVITED_EXTERNAL_USER'] as const)(
    'GET /user failing with %s — answers its notice with the file config, no storage call (spec §8 global codes)',
    async (code) => {
      // Arrange
      const { env, log } = world({ 'GET /user': () => globalError(403, code) });

      // Act
      const state = await boot(env);

      // Assert
      expect(state).toEqual({
        status: 'notice',
        notice: code,
        fileConfig: { ...DEFAULT_FILE_CONFIG, google_maps_key: 'maps-key', mfa_required: false },
      });
      expect(log).not.toContain('GET /storage?limit=100');
    },
  );

  it.each<[string, Handler]>([
    ['an unknown 403 code', () => globalError(403, 'ACCOUNT_LOCKED')],
    ['a 500 with a code', () => globalError(500, 'INTERNAL')],
    ['a 500 without a body', () => ({ status: 500 })],
    ['a 503 with an empty errors list', () => ({ status: 503, data: { errors: [] } })],
    ['a network failure', () => ({ fail: 'network' })],
  ])(
    'GET /user failing with %s — answers maintenance (spec §4 "otherwise the maintenance screen")',
    async (_, user) => {
      // Arrange
      const { env, log } = world({ 'GET /user': user });

      // Act
      const state = await boot(env);

      // Assert
      expect(state).toEqual({ status: 'maintenance' });
      expect(log).not.toContain('GET /storage?limit=100');
    },
  );
});

describe('boot session', () => {
  it('no-auth route and a 401 on GET /user — answers ready with no user and asks no refresh (spec §5 no-auth skips all checks)', async () => {
    // Arrange
    const { env, log } = world({ 'GET /user': () => globalError(401, 'UNAUTHORIZED') });

    // Act
    const state = await boot({ ...env, noAuth: true });

    // Assert
    expect(state).toEqual({
      status: 'ready',
      user: undefined,
      localConfig: { max_devices_count: 500, total_devices_count: 12 },
      fileConfig: { ...DEFAULT_FILE_CONFIG, google_maps_key: 'maps-key', mfa_required: false },
      storage: [],
    });
    expect(log).not.toContain('POST /account/token/refresh');
    expect(log).not.toContain('GET /storage?limit=100');
  });

  it('no-auth route and a signed-in user — answers ready with that user (spec §4 session)', async () => {
    // Arrange
    const { env } = world();

    // Act
    const state = await boot({ ...env, noAuth: true });

    // Assert
    expect(state).toMatchObject({ status: 'ready', user: USER });
  });

  it('guarded route, 401 on GET /user and a good refresh — answers ready with the reloaded user (spec §4 "On a 401 the session is refreshed")', async () => {
    // Arrange
    const { env, log } = world({
      'GET /user': () =>
        log.includes('POST /account/token/refresh') ? ok({ data: USER }) : globalError(401, 'UNAUTHORIZED'),
    });

    // Act
    const state = await boot(env);

    // Assert
    expect(state).toMatchObject({ status: 'ready', user: USER });
    expect(log.filter((entry) => entry.includes('/user') || entry.includes('/account'))).toEqual([
      'GET /user',
      'POST /account/token/refresh',
      'GET /user',
    ]);
  });

  it('guarded route, 401 on GET /user and a failed refresh — answers redirecting and revokes to the login page (spec §4 "redirected to the account login")', async () => {
    // Arrange
    const onSessionEnded = vi.fn();
    const { env, log } = world(
      {
        'GET /user': () => globalError(401, 'UNAUTHORIZED'),
        'POST /account/token/refresh': () => globalError(401, 'UNAUTHORIZED'),
      },
      undefined,
      { onSessionEnded },
    );

    // Act
    const state = await boot(env);
    await vi.waitFor(() => expect(onSessionEnded).toHaveBeenCalled());

    // Assert
    expect(state).toEqual({ status: 'redirecting' });
    expect(onSessionEnded).toHaveBeenCalledExactlyOnceWith('/account/login');
    expect(log).toContain('POST /account/token/revoke');
    expect(log).not.toContain('GET /storage?limit=100');
  });
});
