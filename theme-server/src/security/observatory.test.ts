import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EdgeFixture, type HttpResult, SHIPPED_THEMES, startFixture } from '../testing/fixtures.ts';
import { type Exchange, type Grade, gradeScan } from '../testing/observatory.ts';

/**
 * The edge's real headers, graded by the rules of Mozilla's HTTP Observatory for every host of
 * every shipped brand, as production runs it: behind a TLS proxy (TRUST_PROXY, the proxy's
 * X-Forwarded-Proto) with FORCE_HTTPS.
 */

/** Every host name of the shipped brands; a wildcard stands for one name under it. */
const brandHosts = readdirSync(SHIPPED_THEMES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) => {
    const brand = JSON.parse(readFileSync(path.join(SHIPPED_THEMES, entry.name, 'brand.json'), 'utf8')) as {
      id: string;
      hostnames: string[];
    };
    return brand.hostnames.map((host) => [brand.id, host.replace(/^\*\./, 'console.')] as const);
  });

const ORIGIN = 'https://scanner.example';

const exchange = (url: string, res: HttpResult): Exchange => ({
  url: new URL(url),
  status: res.status,
  headers: res.headers,
  body: res.text,
});

/** What the Observatory fetches: http://host/ and its redirects, https://host/, and a CORS probe. */
async function scan(fixture: EdgeFixture, host: string): Promise<Grade> {
  const fromHttp: Exchange[] = [];
  let url = `http://${host}/`;
  for (let hop = 0; hop < 5; hop++) {
    const target = new URL(url);
    const proto = target.protocol.slice(0, -1);
    const res = await fixture.get(`${target.pathname}${target.search}`, target.host, {
      'x-forwarded-proto': proto,
    });
    fromHttp.push(exchange(url, res));
    const location = res.headers.location;
    if (res.status < 300 || res.status >= 400 || !location) break;
    url = new URL(location, url).toString();
  }
  const page = await fixture.get('/', host, { 'x-forwarded-proto': 'https' });
  const cors = await fixture.get('/', host, { 'x-forwarded-proto': 'https', origin: ORIGIN });
  expect(page.status).toBe(200);
  return gradeScan({
    page: exchange(`https://${host}/`, page),
    cors: { ...exchange(`https://${host}/`, cors), origin: ORIGIN },
    fromHttp,
  });
}

function report(label: string, grade: Grade): string {
  const lines = grade.outcomes
    .filter((outcome) => outcome.modifier !== 0)
    .map((outcome) => `    ${String(outcome.modifier).padStart(4)}  ${outcome.test}: ${outcome.result}`);
  return `${label}: ${grade.score} (${grade.grade})\n${lines.join('\n')}`;
}

let production: EdgeFixture;
let withoutRedirect: EdgeFixture;
beforeAll(async () => {
  [production, withoutRedirect] = await Promise.all([
    startFixture({ TRUST_PROXY: true, FORCE_HTTPS: true }),
    startFixture({ TRUST_PROXY: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([production.stop(), withoutRedirect.stop()]);
});

describe('Mozilla HTTP Observatory rules', () => {
  it('has brand hosts to grade', () => {
    expect(new Set(brandHosts.map(([id]) => id))).toEqual(new Set(['default', 'acme', 'northwind']));
  });

  it.each(brandHosts)(
    '%s at %s scores A+ (100 or more) behind a TLS proxy with FORCE_HTTPS',
    async (id, host) => {
      const grade = await scan(production, host);
      // biome-ignore lint/suspicious/noConsole: each brand's score and deductions are this test's report
      console.log(report(`${id} https://${host}/`, grade));
      expect(grade.outcomes.filter((outcome) => outcome.modifier < 0)).toEqual([]);
      expect(grade.score).toBeGreaterThanOrEqual(100);
    },
  );

  it('marks the same headers down without the redirect to https (the grader bites)', async () => {
    const grade = await scan(withoutRedirect, 'acme.localhost');
    // biome-ignore lint/suspicious/noConsole: the score without the redirect, for comparison
    console.log(report('acme without FORCE_HTTPS', grade));
    expect(grade.outcomes.find((outcome) => outcome.test === 'redirection')?.modifier).toBe(-20);
    expect(grade.score).toBeLessThan(100);
  });
});
