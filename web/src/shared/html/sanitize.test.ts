// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize.ts';

/** The sanitised HTML as a tree, to look for what must not survive. */
function parse(html: string): HTMLTemplateElement {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template;
}

/** Every attribute of every element, as `tag attribute=value`. */
function attributesOf(html: string): string[] {
  return [...parse(html).content.querySelectorAll('*')].flatMap((element) =>
    [...element.attributes].map((attribute) => `${element.localName} ${attribute.name}=${attribute.value}`),
  );
}

describe('sanitizeHtml links (spec §9 "Sanitizer allowed link schemes: http, https, ftp, mailto, tel")', () => {
  it.each([
    ['https', 'https://example.com/a?b=1&c=2#d'],
    ['http', 'http://example.com/'],
    ['ftp', 'ftp://files.example.com/firmware.bin'],
    ['mailto', 'mailto:support@example.com?subject=Hi'],
    ['tel', 'tel:+37060000000'],
    ['an upper-case scheme', 'HTTPS://EXAMPLE.COM/'],
    ['a relative path', '/management/devices?page=2'],
    ['a fragment', '#details'],
  ])('%s link — keeps its href and opens in a new tab without opener or referrer', (_, href) => {
    // Arrange
    const html = `<p>See <a href="${href.replace(/&/g, '&amp;')}">this</a>.</p>`;

    // Act
    const clean = sanitizeHtml(html);

    // Assert
    const link = parse(clean).content.querySelector('a');
    expect(link?.getAttribute('href')).toBe(href);
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.textContent).toBe('this');
  });

  it("a link's own target and rel — are replaced by _blank and noopener noreferrer", () => {
    // Arrange
    const html = '<a href="https://example.com" target="_self" rel="opener">x</a>';

    // Act
    const clean = sanitizeHtml(html);

    // Assert
    expect(attributesOf(clean).sort()).toEqual([
      'a href=https://example.com',
      'a rel=noopener noreferrer',
      'a target=_blank',
    ]);
  });

  it.each([
    ['javascript:', '<a href="javascript:alert(1)">x</a>'],
    ['javascript: in mixed case behind spaces', '<a href="  JaVaScRiPt:alert(1)">x</a>'],
    ['javascript: behind a tab and a newline', '<a href="\tjava&#x09;script&#x0A;:alert(1)">x</a>'],
    [
      'javascript: as decimal entities',
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    ],
    [
      'javascript: as hex entities without semicolons',
      '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>',
    ],
    ['javascript: with a named-entity colon', '<a href="javascript&colon;alert(1)">x</a>'],
    ['javascript: behind a zero-width space', '<a href="&#8203;javascript:alert(1)">x</a>'],
    ['javascript: behind a NUL', '<a href="java&#0;script:alert(1)">x</a>'],
    ['data:', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['vbscript:', '<a href="vbscript:msgbox(1)">x</a>'],
    ['file:', '<a href="file:///etc/passwd">x</a>'],
    ['an unknown scheme', '<a href="sms:+370600">x</a>'],
  ])('%s href — is removed, the text stays', (_, html) => {
    // Act
    const clean = sanitizeHtml(html);

    // Assert
    expect(clean).toBe('<a>x</a>');
  });
});

describe('sanitizeHtml attack vectors', () => {
  it.each([
    ['a script element', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['an img onerror handler', '<img src="x.png" onerror="alert(1)">', '<img src="x.png">'],
    ['an onclick on a button', '<span onclick="alert(1)">x</span>', '<span>x</span>'],
    ['svg onload', '<svg onload="alert(1)"><circle r="1"></circle></svg>ok', 'ok'],
    ['an svg link to javascript:', '<svg><a xlink:href="javascript:alert(1)"><text>t</text></a></svg>', ''],
    ['an iframe with srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>ok', 'ok'],
    ['an iframe to javascript:', '<iframe src="javascript:alert(1)"></iframe>ok', 'ok'],
    ['an object', '<object data="javascript:alert(1)"></object>ok', 'ok'],
    ['an embed', '<embed src="https://example.com/x.swf">ok', 'ok'],
    ['a style element', '<style>body{display:none}</style>ok', 'ok'],
    ['a style attribute', '<p style="background:url(javascript:alert(1))">ok</p>', '<p>ok</p>'],
    [
      'a form posting to javascript:',
      '<form action="javascript:alert(1)"><input name="password"><button>Go</button></form>',
      'Go',
    ],
    ['a data: image', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">', '<img>'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">ok', 'ok'],
    ['a base element', '<base href="javascript:alert(1)//">ok', 'ok'],
    ['a template holding a script', '<template><script>alert(1)</script></template>ok', 'ok'],
  ])('%s — is made inert', (_, html, expected) => {
    // Act
    const clean = sanitizeHtml(html);

    // Assert
    expect(clean).toBe(expected);
  });

  it('the mutation-XSS namespace confusion vector — leaves no element with a handler', () => {
    // Arrange
    const html =
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>';

    // Act
    const clean = sanitizeHtml(html);

    // Assert
    expect(attributesOf(clean).filter((attribute) => / on/.test(attribute))).toEqual([]);
    expect(parse(clean).content.querySelector('math, style, script')).toBeNull();
  });

  it('ordinary markup — is kept as it is', () => {
    // Arrange
    const html =
      '<p>Device <strong>RUT241</strong> is <em>offline</em>.</p><ul><li>one</li></ul><br><code>x &lt; y</code>';

    // Act
    const clean = sanitizeHtml(html);

    // Assert
    expect(clean).toBe(html);
  });
});
