import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './same-origin.ts';

const ORIGIN = 'http://acme.localhost:8080';

/**
 * What the browser does with an answer: it follows it from the page it is on (the login or
 * logout page), so the answer is resolved against that page, not only against the origin.
 */
const followedFrom = (answer: string, origin: string, page = '/account/login?continue_url=x'): URL =>
  new URL(answer, new URL(page, origin));

describe('sameOriginPath — the escape vectors found by probing (spec §5 continue_url, §7 redirect_uri)', () => {
  it.each([
    ['dot then two slashes', '/.//evil.example/', '/evil.example/'],
    ['the current host with a doubled slash', `${ORIGIN}//evil.example`, '/evil.example'],
    ['a dot-dot segment before two slashes', '/a/..//evil.example', '/evil.example'],
    ['a dot-dot at the root before two slashes', '/..//evil.example', '/evil.example'],
    ['an encoded dot segment before two slashes', '/./%2e//evil.example', '/evil.example'],
    ['encoded dot-dot segments before two slashes', '/x/%2e%2E/%2e%2e//evil.example', '/evil.example'],
    ['a dot and a backslash before a slash', '/.\\/evil.example', '/evil.example'],
    ['a tab between the slashes after a dot', '/./\t/evil.example', '/evil.example'],
  ])('%s — stays on the origin and never starts with // (%s)', (_, value, expected) => {
    // Act
    const answer = sameOriginPath(value, ORIGIN);

    // Assert
    expect(answer).toBe(expected);
    expect(followedFrom(answer as string, ORIGIN).origin).toBe(ORIGIN);
  });

  it.each([
    ['a protocol-relative URL', '//evil.example'],
    ['a protocol-relative URL with a path', '//evil.example/account/login'],
    ['an upper-case protocol-relative host', '//EVIL.EXAMPLE/'],
    ['an upper-case absolute host', 'HTTP://EVIL.EXAMPLE/'],
    ['a slash and backslash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a backslash and slash', '\\/evil.example'],
    ['an http: scheme with backslashes', 'http:\\\\evil.example'],
    ['credentials naming the current host before another host', 'http://acme.localhost:8080@evil.example'],
    ['another host', 'https://evil.example/management/devices'],
    ['a host that merely starts with the current host', 'http://acme.localhost.evil.example:8080/'],
    ['an https upgrade of the same host (another origin)', 'https://acme.localhost:8080/'],
    ['another port of the same host', 'http://acme.localhost:8081/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a mixed-case javascript: URL', 'JaVaScRiPt:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['leading spaces before //', '  //evil.example'],
    ['a tab inside //', '/\t/evil.example'],
    ['a newline inside //', '/\n/evil.example'],
    ['a carriage return before //', '\r//evil.example'],
    ['a value the parser rejects', 'http://[evil'],
  ])('%s — is refused (%s)', (_, value) => {
    expect(sameOriginPath(value, ORIGIN)).toBeUndefined();
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an empty string', ''],
  ])('%s — is ignored', (_, value) => {
    expect(sameOriginPath(value, ORIGIN)).toBeUndefined();
  });

  it('an opaque current origin (file:) — refuses everything, since it equals nothing', () => {
    expect(sameOriginPath('/management/devices', 'file:///tmp/x')).toBeUndefined();
  });

  it.each([
    ['a path with query and hash', '/management/devices?x=1#y', '/management/devices?x=1#y'],
    ['an absolute URL on the same host', `${ORIGIN}/management/devices?x=1#y`, '/management/devices?x=1#y'],
    [
      'an absolute URL with an upper-case same host',
      'HTTP://ACME.LOCALHOST:8080/notifications',
      '/notifications',
    ],
    ['a relative path', 'notifications', '/notifications'],
    ['percent-encoded slashes (one path segment)', '/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['a NUL character (encoded by the parser)', '/management\u0000/files', '/management%00/files'],
    ['the root', '/', '/'],
  ])('same origin: %s — is kept as path+search+hash', (_, value, expected) => {
    expect(sameOriginPath(value, ORIGIN)).toBe(expected);
  });

  it('a current origin written with an upper-case host (a Host header) — still matches its own URLs', () => {
    expect(sameOriginPath(`${ORIGIN}/x?y=1`, 'http://ACME.localhost:8080')).toBe('/x?y=1');
    expect(sameOriginPath('//evil.example/', 'http://ACME.localhost:8080')).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// Property: whatever the input, an answer is a path that, followed by a browser, stays home.

const ORIGINS = [ORIGIN, 'https://console.example', 'http://127.0.0.1:18181', 'http://[::1]:3000'];

const hostsOf = (origin: string): string[] => {
  const { host } = new URL(origin);
  return [
    host,
    host.toUpperCase(),
    host.replace(/:\d+$/, ''),
    'evil.example',
    'EVIL.example',
    'evil.example:8080',
  ];
};

/** Pieces that move a URL's parse between path, authority and scheme. */
const PIECES = [
  '/',
  '//',
  '\\',
  '\\\\',
  '.',
  '..',
  '%2e',
  '%2E',
  '.%2e',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%252f',
  '%',
  '\t',
  '\n',
  '\r',
  ' ',
  '\u0000',
  '\u00a0',
  '\u3002',
  ':',
  '@',
  '?',
  '#',
  '&',
  'http:',
  'https:',
  'HTTP:',
  'hTtPs:',
  'javascript:',
  'data:',
  'file:',
  'blob:',
  'evil.example',
  'EVIL.EXAMPLE',
  'management',
  'devices',
  'x=1',
];

const hostile = (origin: string): fc.Arbitrary<string> => {
  const piece = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...PIECES) },
    { weight: 2, arbitrary: fc.constantFrom(...hostsOf(origin)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 3 }) },
  );
  const scheme = fc.constantFrom(
    '',
    'http://',
    'https://',
    'HTTP://',
    'http:',
    'https:/',
    'http:\\\\',
    '//',
    '\\\\',
  );
  return fc.oneof(
    { weight: 5, arbitrary: fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join('')) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(scheme, fc.constantFrom(...hostsOf(origin)), fc.array(piece, { maxLength: 8 }))
        .map(([prefix, host, pieces]) => `${prefix}${host}${pieces.join('')}`),
    },
    { weight: 1, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 40 }) },
  );
};

describe('sameOriginPath — generated input (fast-check)', () => {
  it('never answers anything that a browser following it resolves to another origin', () => {
    fc.assert(
      fc.property(
        fc.oneof(...ORIGINS.map((origin) => fc.tuple(fc.constant(origin), hostile(origin)))),
        ([origin, value]) => {
          const answer = sameOriginPath(value, origin);
          if (answer === undefined) return true;
          return (
            answer.startsWith('/') &&
            !answer.startsWith('//') &&
            !answer.startsWith('/\\') &&
            followedFrom(answer, origin).origin === origin &&
            followedFrom(answer, origin, '/a/b/c/').origin === origin &&
            // An answer checked again is the same answer: the browser and the API agree.
            sameOriginPath(answer, origin) === answer
          );
        },
      ),
      { numRuns: 10_000 },
    );
  }, 60_000);

  it('keeps every ordinary same-origin path, relative or absolute, as it is', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
    const path = fc
      .array(segment, { minLength: 1, maxLength: 5 })
      .map((segments) => `/${segments.join('/')}`);
    const query = fc.option(
      segment.map((value) => `?q=${value}`),
      { nil: '' },
    );
    const hash = fc.option(
      segment.map((value) => `#${value}`),
      { nil: '' },
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...ORIGINS),
        path,
        query,
        hash,
        fc.boolean(),
        (origin, pathname, search, fragment, absolute) => {
          const local = `${pathname}${search}${fragment}`;
          expect(sameOriginPath(absolute ? `${origin}${local}` : local, origin)).toBe(local);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
