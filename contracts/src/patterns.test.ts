import { describe, expect, it } from 'vitest';
import {
  ALLOWED_LINK_SCHEMES,
  DOMAIN_NAME_PATTERN,
  IPV4_PATTERN,
  isAllowedLinkUrl,
  isDomainName,
  isIPv4,
} from './patterns.ts';

describe('IPv4 pattern (spec §5)', () => {
  it('accepts four octets from 0 to 255', () => {
    for (const value of ['0.0.0.0', '192.168.1.1', '10.0.0.254', '255.255.255.255', '1.22.199.249']) {
      expect(isIPv4(value)).toBe(true);
      expect(IPV4_PATTERN.test(value)).toBe(true);
    }
  });

  it('refuses out-of-range octets, leading zeros, wrong part counts and surrounding text', () => {
    for (const value of [
      '256.1.1.1',
      '1.1.1.300',
      '01.1.1.1',
      '1.1.1.00',
      '192.168.001.1',
      '1.1.1',
      '1.1.1.1.1',
      '1.1.1.1.',
      '.1.1.1.1',
      '1..1.1',
      ' 1.1.1.1',
      '1.1.1.1\n',
      '1.1.1.-1',
      '+1.1.1.1',
      '1.1.1.a',
      '١.١.١.١',
      '',
    ]) {
      expect(isIPv4(value), value).toBe(false);
    }
  });
});

describe('domain name pattern (spec §5)', () => {
  it('accepts labels of letters, digits and inner hyphens under a 2–6 letter top level', () => {
    for (const value of [
      'example.com',
      'rms.teltonika-networks.com',
      'A1.B-2.museum',
      'xn--80ak6aa92e.com',
      `${'a'.repeat(63)}.io`,
      '1.2.3.info',
    ]) {
      expect(isDomainName(value), value).toBe(true);
      expect(DOMAIN_NAME_PATTERN.test(value)).toBe(true);
    }
  });

  it('refuses bad labels, bad top levels, single labels and over-long names', () => {
    const long = `${Array.from({ length: 4 }, () => 'a'.repeat(63)).join('.')}.com`;
    for (const value of [
      'localhost',
      'com',
      '-example.com',
      'example-.com',
      'exa_mple.com',
      `${'a'.repeat(64)}.io`,
      'example.c',
      'example.abcdefg',
      'example.c0m',
      'example.com.',
      '.example.com',
      'exa..mple.com',
      'exa mple.com',
      'münchen.de',
      '192.168.1.1',
      long,
      '',
    ]) {
      expect(isDomainName(value), value).toBe(false);
    }
  });

  it('can serve as HTML pattern attributes, which compile with the v flag', () => {
    for (const pattern of [IPV4_PATTERN, DOMAIN_NAME_PATTERN]) {
      expect(pattern.flags).toBe('');
      expect(() => new RegExp(pattern.source, 'v')).not.toThrow();
    }
    expect(new RegExp(`^(?:${DOMAIN_NAME_PATTERN.source})$`, 'v').test('my-host.example.org')).toBe(true);
  });
});

describe('sanitizer link schemes (spec §9)', () => {
  it('lists http, https, ftp, mailto and tel', () => {
    expect([...ALLOWED_LINK_SCHEMES]).toEqual(['http', 'https', 'ftp', 'mailto', 'tel']);
  });

  it('keeps allowed schemes in any case, and relative links and fragments', () => {
    for (const href of [
      'http://example.com',
      'https://example.com/a?b=c:d#e',
      'HTTPS://EXAMPLE.COM',
      'ftp://files.example.com/fw.bin',
      'mailto:support@example.com',
      'tel:+37060000000',
      '  https://example.com  ',
      '/devices/12',
      'devices?id=1',
      './a:b',
      '?next=javascript:alert(1)',
      '#top',
      '#a:b',
      '/search?a=1&b=2&c',
      'https://example.com/?q=fish&chips',
      '//cdn.example.com/x',
      '',
    ]) {
      expect(isAllowedLinkUrl(href), href).toBe(true);
    }
  });

  it('refuses script and data schemes and their obfuscations', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'java\rscript:alert(1)',
      '\u0001javascript:alert(1)',
      'javascript\u0000:alert(1)',
      'https://example.com/\u007f',
      'https://example.com/\u0085',
      'javascript :alert(1)',
      '\u00a0javascript:alert(1)',
      '\u200bjavascript:alert(1)',
      'java&#115;cript:alert(1)',
      '&#106;avascript:alert(1)',
      'javascript&#x3a;alert(1)',
      'javascript&#58alert(1)',
      'javascript&colon;alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'DATA:text/html,x',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'https\u0130:x',
      'a:b',
    ]) {
      expect(isAllowedLinkUrl(href), JSON.stringify(href)).toBe(false);
    }
  });
});
