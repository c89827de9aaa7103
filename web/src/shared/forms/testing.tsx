import { IDEMPOTENCY_KEY_HEADER } from '@fleetport/contracts/idempotency';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { api } from '../lib/api.ts';
import { type CurrentUser, SessionContext } from '../lib/auth.ts';
import { initI18n } from '../lib/i18n.ts';
import { ToastHost } from '../toasts/toasts.tsx';
import { type FormRuntime, FormRuntimeProvider } from './runtime.tsx';

/**
 * Test support for the form engine's component tests: an in-memory API behind the console's
 * real client (`api.http` with a fake adapter, so its interceptors run), and a render with the
 * providers a form needs. Not used by production code.
 */

export interface SeenRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  /** JSON bodies parsed; FormData as it was sent. */
  body: unknown;
  /** The Idempotency-Key the request carried, if any. */
  idempotencyKey: string | undefined;
}

export type Answer = { status: number; data?: unknown };
export type Handler = (request: SeenRequest, nth: number) => Answer | Promise<Answer>;

/** Answers requests by "METHOD /url" (404 otherwise) and records them in order. */
export function fakeApi(handlers: Record<string, Handler>) {
  const seen: SeenRequest[] = [];
  const counts = new Map<string, number>();
  api.http.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const key = `${method} ${url}`;
    const nth = (counts.get(key) ?? 0) + 1;
    counts.set(key, nth);
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const idempotencyKey = config.headers.get(IDEMPOTENCY_KEY_HEADER);
    const request: SeenRequest = {
      method,
      url,
      params: config.params ?? {},
      body,
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
    };
    seen.push(request);
    const handler = handlers[key];
    const answer = handler ? await handler(request, nth) : { status: 404, data: { errors: [] } };
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
        AxiosError.ERR_BAD_REQUEST,
        config,
        {},
        response,
      );
    }
    return response;
  };
  return {
    seen,
    /** The requests of one "METHOD /url". */
    requests: (key: string) => seen.filter((request) => `${request.method} ${request.url}` === key),
  };
}

/** A promise resolved from outside (a request kept in flight). */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export const testUser = (permissions: string[] = []): CurrentUser => ({
  id: 1,
  username: 'ada',
  email: 'ada@example.com',
  company: { id: 1, name: 'Acme', parent_id: null },
  role: { id: 2, name: 'admin', title: 'Administrator' },
  avatar_url: null,
  mfa_type: null,
  exp: 0,
  permissions,
  country_iso_code: null,
  company_id: 1,
  company_name: 'Acme',
  role_title: 'Administrator',
  impersonation_access_limit: null,
});

export interface RenderOptions {
  user?: CurrentUser;
  runtime?: FormRuntime;
  queryClient?: QueryClient;
}

/** Renders `ui` with English texts, a fresh query client, the user, the form runtime and toasts. */
export function renderWithForms(ui: ReactNode, options: RenderOptions = {}) {
  if (!i18next.isInitialized) initI18n(['en']);
  const queryClient =
    options.queryClient ??
    new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SessionContext value={options.user ?? testUser()}>
        <FormRuntimeProvider {...options.runtime}>
          <ToastHost>{ui}</ToastHost>
        </FormRuntimeProvider>
      </SessionContext>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
