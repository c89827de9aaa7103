import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EdgeFixture, request, startFixture, titleOf } from './testing/fixtures.ts';

let fixture: EdgeFixture;
beforeAll(async () => {
  fixture = await startFixture();
});
afterAll(async () => {
  await fixture.stop();
});

describe('edge: /offline.html (spec §2)', () => {
  it('answers the branded offline page per Host and language, escaped, with the page’s CSP nonce', async () => {
    const acme = await fixture.get('/offline.html', 'acme.localhost');
    expect(acme.status).toBe(200);
    expect(acme.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(acme.headers['cache-control']).toBe('no-cache');
    expect(acme.headers.vary).toBe('Accept-Language, Host');
    expect(titleOf(acme.text)).toBe('Acme Networks Cloud Manager');
    expect(acme.text).toContain('<html lang="en">');
    expect(acme.text).toContain('You are offline.');
    const logoUrl = /<img class="fp-logo" src="([^"]+)"/.exec(acme.text)?.[1] as string;
    expect((await fixture.get(logoUrl)).status).toBe(200);

    const csp = acme.headers['content-security-policy'] as string;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] as string;
    expect(acme.text).toContain(`<style nonce="${nonce}">`);
    expect(csp).not.toContain('unsafe-inline');
    expect(acme.text).not.toContain('<script');

    const plain = await fixture.get('/offline.html', 'unknown.example', {
      'accept-language': 'en-US;q=0.5, ja-JP;q=0.9',
    });
    expect(titleOf(plain.text)).toBe('Fleetport Device Management');
    expect(plain.text).toContain('<html lang="ja">');
    expect(plain.text).toContain('>もう一度試す</a>');

    const head = await request(fixture.edge.port, {
      path: '/offline.html',
      method: 'HEAD',
      headers: { host: 'localhost' },
    });
    expect(head.status).toBe(200);
    const get = await fixture.get('/offline.html', 'localhost');
    expect(head.headers['content-length']).toBe(String(get.body.length));
    expect(head.body.length).toBe(0);

    const created = await fixture.edge.store.put(
      {
        id: 'evil',
        hostnames: ['evil.localhost'],
        company_name: 'Evil',
        app_name: '<script>alert(1)</script>',
        full_app_name: '</title><img src=x onerror=alert(2)>',
        brand_color: '#c2410c',
        dark_mode_text_color: '#fdebd3',
        logo: 'logo.svg',
        favicon: 'favicon.svg',
        public_base_url: 'https://evil.example',
      },
      { create: true },
    );
    expect(created.ok).toBe(true);
    const evil = (await fixture.get('/offline.html', 'evil.localhost')).text;
    expect(titleOf(evil)).toBe('&lt;/title&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(evil).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(evil).not.toMatch(/<script|<img src=x/);
  });
});
