import { type AxiosAdapter, AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { ApiClient, type ApiClientOptions } from './client.ts';

/**
 * For tests: an in-memory API behind a real ApiClient. Handlers answer by "METHOD /url"; every
 * request is recorded in order.
 */
export interface Seen {
  readonly method: string;
  readonly url: string;
  readonly key: string;
  /** 1 for the first request of this key, 2 for the second… */
  readonly nth: number;
  readonly config: InternalAxiosRequestConfig;
  readonly body: unknown;
}

export type Answer = { status: number; data?: unknown } | { fail: 'timeout' | 'network' };
export type Handler = (request: Seen) => Answer | Promise<Answer>;

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Never answers; only an abort of the request's signal ends it. */
export const hang = (): Promise<Answer> => new Promise(() => {});

export function fakeServer(handlers: Record<string, Handler>) {
  const seen: Seen[] = [];
  const counts = new Map<string, number>();
  const adapter: AxiosAdapter = (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const key = `${method} ${url}`;
    const nth = (counts.get(key) ?? 0) + 1;
    counts.set(key, nth);
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const request: Seen = { method, url, key, nth, config, body };
    seen.push(request);
    const handler = handlers[key] ?? (() => ({ status: 404, data: { errors: [{ code: 'NOT_FOUND' }] } }));
    const aborted = new Promise<never>((_, reject) => {
      const signal = config.signal as AbortSignal | undefined;
      const stop = () => reject(new AxiosError('aborted', AxiosError.ERR_CANCELED, config));
      if (signal?.aborted) stop();
      signal?.addEventListener?.('abort', stop);
    });
    return Promise.race([Promise.resolve(handler(request)), aborted]).then((answer) => {
      if ('fail' in answer) {
        throw answer.fail === 'timeout'
          ? new AxiosError(`timeout of ${config.timeout}ms exceeded`, 'ECONNABORTED', config, {})
          : new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
      }
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
          answer.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
          config,
          {},
          response,
        );
      }
      return response;
    });
  };
  return {
    adapter,
    seen,
    keys: () => seen.map((request) => request.key),
    count: (key: string) => seen.filter((request) => request.key === key).length,
  };
}

export function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
    removeItem: (key: string) => {
      items.delete(key);
    },
  };
}

export function clientOver(server: ReturnType<typeof fakeServer>, options: Partial<ApiClientOptions> = {}) {
  return new ApiClient({ adapter: server.adapter, revocationRetryDelayMs: 0, ...options });
}

export const ok = (data: unknown = {}): Answer => ({ status: 200, data });
export const unauthorized: Answer = { status: 401, data: { errors: [{ code: 'UNAUTHORIZED' }] } };
