import { escapeHtml } from '@fleetport/contracts/html';
import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown.ts';

describe('markdownToHtml: blocks', () => {
  it('headings, shifted under the page heading when asked', () => {
    expect(markdownToHtml('# Changelog\n## [Unreleased]\n### Added ##')).toBe(
      '<h1>Changelog</h1>\n<h2>[Unreleased]</h2>\n<h3>Added</h3>',
    );
    expect(markdownToHtml('# A\n###### F', { headingOffset: 1 })).toBe('<h2>A</h2>\n<h6>F</h6>');
  });

  it('paragraphs: consecutive lines join, a blank line separates', () => {
    expect(markdownToHtml('All notable\nchanges.\n\nSecond.')).toBe(
      '<p>All notable changes.</p>\n<p>Second.</p>',
    );
  });

  it('bullet lists with wrapped lines and nested lists; numbered lists', () => {
    const markdown = '- API: one\n  more words\n  - nested\n- Edge\n\n1. first\n2. second';
    expect(markdownToHtml(markdown)).toBe(
      '<ul><li>API: one more words<ul><li>nested</li></ul></li><li>Edge</li></ul>\n' +
        '<ol><li>first</li><li>second</li></ol>',
    );
  });

  it('a list with blank lines between its items stays one list', () => {
    expect(markdownToHtml('* a\n\n* b')).toBe('<ul><li>a</li><li>b</li></ul>');
  });

  it('a fenced code block keeps its lines, escaped, and hides link definitions from the parser', () => {
    expect(markdownToHtml('```\n<b>x</b>\n[a]: https://x.example\n```')).toBe(
      '<pre><code>&lt;b&gt;x&lt;/b&gt;\n[a]: https://x.example</code></pre>',
    );
  });
});

describe('markdownToHtml: inline', () => {
  it('code spans, strong, inline links', () => {
    expect(
      markdownToHtml('Run `npm start` **now**, see [the docs](https://fleetport.example/docs?a=1&b=2).'),
    ).toBe(
      '<p>Run <code>npm start</code> <strong>now</strong>, see ' +
        '<a href="https://fleetport.example/docs?a=1&amp;b=2">the docs</a>.</p>',
    );
  });

  it('Keep a Changelog reference links: `## [1.0.0]` links to its definition, which is not shown', () => {
    const markdown = '## [0.1.0] - 2026-01-01\n\n[0.1.0]: https://git.example/fleetport/releases/0.1.0';
    expect(markdownToHtml(markdown)).toBe(
      '<h2><a href="https://git.example/fleetport/releases/0.1.0">0.1.0</a> - 2026-01-01</h2>',
    );
  });

  it('a bracket without a definition stays text', () => {
    expect(markdownToHtml('## [Unreleased]')).toBe('<h2>[Unreleased]</h2>');
  });

  it('code in a link text is code; markup inside a code span is text', () => {
    expect(markdownToHtml('[`x`](/changelog) `[a](b)`')).toBe(
      '<p><a href="/changelog"><code>x</code></a> <code>[a](b)</code></p>',
    );
  });
});

describe('markdownToHtml: safety (spec §9 sanitizer rules, before the sanitizer)', () => {
  it.each([
    ['javascript:', '[click](javascript:alert(1))'],
    ['JavaScript: in capitals', '[click](JaVaScRiPt:alert(1))'],
    ['data:', '[click](data:text/html;base64,PHNjcmlwdD4=)'],
    ['vbscript:', '[click](vbscript:msgbox)'],
    ['an encoded scheme', '[click](java&#115;cript:alert(1))'],
  ])('a %s link does not survive: its text stays, without a link', (_what, markdown) => {
    const html = markdownToHtml(markdown);
    expect(html).not.toContain('<a');
    expect(html).not.toMatch(/javascript:|data:|vbscript:/i);
    expect(html).toContain('click');
  });

  it('a javascript: reference definition does not make a link either: the text stays', () => {
    expect(markdownToHtml('[x]\n\n[x]: javascript:alert(1)')).toBe('<p>x</p>');
  });

  it('raw HTML is text, in every kind of block', () => {
    const html = markdownToHtml('# <img src=x onerror=alert(1)>\n- <script>alert(1)</script>\n\n<iframe>');
    expect(html).not.toMatch(/<(img|script|iframe)/);
    expect(html).toContain('&lt;script&gt;');
  });

  it('a quote cannot leave the href attribute', () => {
    expect(markdownToHtml('[x](https://a.example/"onmouseover="alert(1))')).toContain(
      'href="https://a.example/&quot;onmouseover=&quot;alert(1"',
    );
  });

  it('escapeHtml escapes the five characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
