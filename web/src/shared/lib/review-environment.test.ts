import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyReviewEnvironment,
  parseReviewHash,
  readReviewCookies,
  reviewApiBase,
  reviewCookies,
  reviewUrl,
} from './review-environment.ts';

/** A cookie jar like `document`'s: each assignment sets or expires one cookie. */
function cookieJar(initial: Record<string, string> = {}) {
  const cookies = new Map(Object.entries(initial));
  const written: string[] = [];
  return {
    written,
    get cookie() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(assignment: string) {
      written.push(assignment);
      const [pair = '', ...attributes] = assignment.split('; ');
      const [name = '', value = ''] = pair.split('=');
      if (attributes.includes('Max-Age=0')) cookies.delete(name);
      else cookies.set(name, value);
    },
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('reviewUrl (spec §7 "point the base at another API host": http(s) URLs only)', () => {
  it.each([
    ['https://pr-42.review.example/api', 'https://pr-42.review.example/api'],
    ['http://localhost:8080/api/', 'http://localhost:8080/api'],
    ['HTTPS://Review.Example', 'https://review.example'],
  ])('%s — is kept as %s', (value, expected) => {
    expect(reviewUrl(value)).toBe(expected);
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['ftp:', 'ftp://review.example/api'],
    ['a relative path', '/api'],
    ['a scheme-relative URL', '//review.example/api'],
    ['plain text', 'review'],
    ['credentials', 'https://user:secret@review.example/api'],
    ['a query', 'https://review.example/api?token=1'],
    ['a fragment', 'https://review.example/api#x'],
    ['an empty value', ''],
  ])('%s — is refused', (_, value) => {
    expect(reviewUrl(value)).toBeUndefined();
  });
});

describe('parseReviewHash (spec §3 "Review cookie keys taken from the URL hash")', () => {
  it('the three keys with valid values — are all read', () => {
    // Arrange
    const hash =
      '#api_review=https%3A%2F%2Fpr-42.review.example%2Fapi&api_review_name=PR%2042&actionctl_review=https://actions.review.example';

    // Act
    const settings = parseReviewHash(hash);

    // Assert
    expect(settings).toEqual({
      api_review: 'https://pr-42.review.example/api',
      api_review_name: 'PR 42',
      actionctl_review: 'https://actions.review.example',
    });
  });

  it('invalid values and other keys — are ignored', () => {
    // Arrange
    const hash = '#api_review=javascript:alert(1)&actionctl_review=/relative&api_review_name=%01bell&other=x';

    // Act
    const settings = parseReviewHash(hash);

    // Assert
    expect(settings).toEqual({});
  });

  it('an empty value — asks to forget that key', () => {
    expect(parseReviewHash('#api_review=&api_review_name=')).toEqual({ api_review: '', api_review_name: '' });
  });

  it('a name over 100 characters — is ignored', () => {
    expect(parseReviewHash(`#api_review_name=${'x'.repeat(101)}`)).toEqual({});
  });

  it('no hash — asks for nothing', () => {
    expect(parseReviewHash('')).toEqual({});
  });
});

describe('reviewCookies and readReviewCookies (spec §9 "secure, SameSite None, path /")', () => {
  it('settings — become secure SameSite=None cookies for path /, and read back', () => {
    // Arrange
    const settings = { api_review: 'https://pr-42.review.example/api', api_review_name: 'PR 42; x' };

    // Act
    const cookies = reviewCookies(settings);

    // Assert
    expect(cookies).toEqual([
      'api_review=https%3A%2F%2Fpr-42.review.example%2Fapi; Path=/; Secure; SameSite=None',
      'api_review_name=PR%2042%3B%20x; Path=/; Secure; SameSite=None',
    ]);
    const header = cookies.map((cookie) => cookie.split('; ')[0]).join('; ');
    expect(readReviewCookies(header)).toEqual(settings);
  });

  it('an empty value — expires its cookie', () => {
    expect(reviewCookies({ api_review: '' })).toEqual([
      'api_review=; Path=/; Max-Age=0; Secure; SameSite=None',
    ]);
  });

  it('a cookie holding something else than an http(s) URL — is ignored', () => {
    expect(
      readReviewCookies('api_review=javascript%3Aalert(1); actionctl_review=https%3A%2F%2Fa.example'),
    ).toEqual({
      actionctl_review: 'https://a.example',
    });
  });
});

describe('reviewApiBase', () => {
  it.each([
    [{ api_review: 'https://pr-42.review.example/api/v2' }, 'https://pr-42.review.example/api/v2'],
    [{ api_review: 'https://pr-42.review.example' }, 'https://pr-42.review.example/api'],
    [{ api_review: 'https://pr-42.review.example/' }, 'https://pr-42.review.example/api'],
    [{ api_review: 'javascript:alert(1)' }, undefined],
    [{ api_review_name: 'PR 42' }, undefined],
  ])('%j — gives the base %s', (settings, expected) => {
    expect(reviewApiBase(settings)).toBe(expected);
  });
});

describe('applyReviewEnvironment', () => {
  it('a hash — is stored in cookies and its settings are in force', () => {
    // Arrange
    const jar = cookieJar();

    // Act
    const settings = applyReviewEnvironment({ hash: '#api_review=https://pr-42.review.example/api' }, jar);

    // Assert
    expect(settings).toEqual({ api_review: 'https://pr-42.review.example/api' });
    expect(jar.written).toEqual([
      'api_review=https%3A%2F%2Fpr-42.review.example%2Fapi; Path=/; Secure; SameSite=None',
    ]);
  });

  it('no hash — the stored cookies stay in force', () => {
    // Arrange
    const jar = cookieJar({ api_review: 'https%3A%2F%2Fpr-42.review.example%2Fapi', api_review_name: 'PR' });

    // Act
    const settings = applyReviewEnvironment({ hash: '' }, jar);

    // Assert
    expect(settings).toEqual({ api_review: 'https://pr-42.review.example/api', api_review_name: 'PR' });
    expect(jar.written).toEqual([]);
  });

  it('an empty value in the hash — forgets the stored one', () => {
    // Arrange
    const jar = cookieJar({ api_review: 'https%3A%2F%2Fpr-42.review.example%2Fapi' });

    // Act
    const settings = applyReviewEnvironment({ hash: '#api_review=' }, jar);

    // Assert
    expect(settings).toEqual({});
    expect(jar.cookie).toBe('');
  });
});

describe('review environment in a production build (import.meta.env.DEV false)', () => {
  it('every export — answers nothing and writes no cookie, whatever the hash and cookies say', () => {
    // Arrange
    vi.stubEnv('DEV', false);
    const jar = cookieJar({ api_review: 'https%3A%2F%2Fpr-42.review.example%2Fapi' });
    const hash = '#api_review=https://pr-42.review.example/api&api_review_name=PR';

    // Act
    const answers = [
      reviewUrl('https://pr-42.review.example/api'),
      parseReviewHash(hash),
      readReviewCookies(jar.cookie),
      reviewCookies({ api_review: 'https://pr-42.review.example/api' }),
      reviewApiBase({ api_review: 'https://pr-42.review.example/api' }),
      applyReviewEnvironment({ hash }, jar),
    ];

    // Assert
    expect(answers).toEqual([undefined, {}, {}, [], undefined, {}]);
    expect(jar.written).toEqual([]);
  });
});
