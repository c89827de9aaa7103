import { expect, test } from '@playwright/test';
import { E2E_PASSWORD, E2E_PORT } from './support.ts';

/**
 * The session machinery in a real browser, through the real edge to the real API: cookies as
 * Chromium stores and sends them, the XSRF cookie read by page script and echoed (spec §7).
 * The login page itself comes with the console shell; here the page's own fetch signs in.
 */
test('signs in through the edge, opens the realtime socket, echoes the XSRF cookie on writes, and logs out for good', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      violations.push(message.text());
  });
  // The login page needs no session, so the page stays put while its script signs in.
  await page.goto(`http://acme.localhost:${E2E_PORT}/account/login`);
  await expect(page.getByTestId('login-email')).toBeVisible();

  const result = await page.evaluate(async (password) => {
    const xhr = { 'X-Requested-With': 'XMLHttpRequest' };
    const json = { ...xhr, 'Content-Type': 'application/json' };
    const xsrf = () => /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const call = async (
      method: string,
      url: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const response = await fetch(url, {
        method,
        headers: { ...(body === undefined ? xhr : json), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    };
    // The realtime handshake through the edge: socket.io's CONNECT packet (40) is answered by
    // CONNECT (40) with a session, by CONNECT_ERROR (44) without one.
    const realtime = () =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(`ws://${location.host}/status/socket.io/?EIO=4&transport=websocket`);
        socket.onmessage = (event) => {
          const text = String(event.data);
          if (text.startsWith('0')) socket.send('40');
          else if (text.startsWith('4')) {
            resolve(text.slice(0, 2));
            socket.close();
          }
        };
        socket.onerror = () => resolve('error');
      });
    const realtimeBefore = await realtime();
    const before = await call('GET', '/api/user');
    const login = await call('POST', '/api/account/login', { email: 'admin@acme.example', password });
    const cookiesVisibleToScript = document.cookie;
    const user = await call('GET', '/api/user');
    const realtimeAfter = await realtime();
    const withoutXsrf = await call('POST', '/api/storage', { key: 'wideNav', value: true });
    const withXsrf = await call(
      'POST',
      '/api/storage',
      { key: 'wideNav', value: true },
      { 'X-XSRF-TOKEN': xsrf() },
    );
    const refreshed = await call('POST', '/api/account/token/refresh', {}, { 'X-XSRF-TOKEN': xsrf() });
    const afterRefresh = await call('GET', '/api/user');
    const logout = await call('POST', '/api/account/token/revoke', {}, { 'X-XSRF-TOKEN': xsrf() });
    const afterLogout = await call('GET', '/api/user');
    return {
      realtimeBefore,
      realtimeAfter,
      before,
      login,
      cookiesVisibleToScript,
      user,
      withoutXsrf,
      withXsrf,
      refreshed,
      afterRefresh,
      logout,
      afterLogout,
    };
  }, E2E_PASSWORD);

  expect(result.realtimeBefore).toBe('44');
  expect(result.realtimeAfter).toBe('40');
  expect(result.before.status).toBe(401);
  expect(result.login.status).toBe(200);
  // The tokens are httpOnly: page script sees only the XSRF cookie.
  expect(result.cookiesVisibleToScript).toMatch(/XSRF-TOKEN=/);
  expect(result.cookiesVisibleToScript).not.toMatch(/fp_access|fp_refresh/);
  expect(result.user.status).toBe(200);
  expect(result.user.body.data).toMatchObject({
    email: 'admin@acme.example',
    company_name: 'Acme Networks',
    role: { name: 'admin', title: 'Administrator' },
  });
  expect(result.user.body.data.permissions).toContain('view_companies');
  expect(result.withoutXsrf.status).toBe(403);
  expect(result.withXsrf.status).toBe(201);
  expect(result.refreshed.status).toBe(200);
  expect(result.afterRefresh.status).toBe(200);
  expect(result.logout.body.data.location).toBe('/account/login');
  expect(result.afterLogout.status).toBe(401);

  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'fp_access')).toBeUndefined();
  expect(violations).toEqual([]);
});
