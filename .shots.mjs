import { chromium } from '@playwright/test';
const base = 'http://acme.localhost:8090';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
async function session(locale, scheme) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale, colorScheme: scheme });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByTestId('login-email').fill('admin@acme.example');
  await page.getByTestId('login-password').fill('shotpass123');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('app-bar').waitFor();
  return page;
}
const page = await session('en-US', 'light');
// An offline device of the demo, and an online one.
const list = async (status) => page.evaluate(async (s) => (await (await fetch(`/api/devices?status=${s}&limit=5&fields=id,name`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json()).data, status);
const offline = (await list('offline'))[0];
const online = (await list('online'))[0];
console.log('offline', offline, 'online', online);
if (offline) {
  await page.goto(`${base}/devices/${offline.id}/activity`);
  await page.getByTestId('device-reboot').click();
  await page.getByRole('dialog', { name: 'Reboot' }).screenshot({ path: '/tmp/shot-reboot-question.png' });
  await page.getByRole('dialog', { name: 'Reboot' }).getByRole('button', { name: 'Reboot' }).click();
  await page.getByRole('dialog', { name: 'Action status' }).getByTestId('action-status-item').waitFor();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/shot-offline-reboot.png' });
}
if (online) {
  await page.goto(`${base}/devices/${online.id}/activity`);
  await page.getByTestId('device-refresh').click();
  await page.getByRole('dialog', { name: 'Action status' }).getByTestId('action-status-item').waitFor();
  await page.waitForTimeout(3000);
  await page.screenshot({ path: '/tmp/shot-online-refresh.png' });
}
await page.goto(`${base}/management/files?kind=firmware`);
await page.waitForTimeout(1500);
await page.screenshot({ path: '/tmp/shot-files.png' });
await page.goto(`${base}/management/task-manager`);
await page.waitForTimeout(1500);
await page.screenshot({ path: '/tmp/shot-tasks.png' });
const dark = await session('ja-JP', 'dark');
await dark.goto(`${base}/companies`);
await dark.waitForTimeout(1500);
await dark.getByRole('searchbox').first().click();
await dark.getByRole('searchbox').first().fill('Acme');
await dark.waitForTimeout(1000);
await dark.screenshot({ path: '/tmp/shot-companies-dark-ja.png' });
await browser.close();
