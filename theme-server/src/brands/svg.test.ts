import { describe, expect, it } from 'vitest';
import { SvgRejectedError, sanitizeSvg } from './svg.ts';

describe('SVG sanitiser for uploaded logos', () => {
  it('keeps drawing elements and presentation attributes', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h10" fill="#fff"/></svg>';
    expect(sanitizeSvg(svg)).toBe(svg);
  });

  it('drops scripts, event handlers, foreignObject and style elements', () => {
    const out = sanitizeSvg(
      '<svg onload="alert(1)"><script>alert(2)</script><rect onclick="x()" width="1"/>' +
        '<foreignObject><div>hi</div></foreignObject><style>@import url(https://x)</style></svg>',
    );
    expect(out).toBe('<svg><rect width="1"/></svg>');
  });

  it('drops external references and javascript: URLs, keeps same-document ones', () => {
    const out = sanitizeSvg(
      '<svg><use href="https://evil.example/a.svg#x"/><use xlink:href="#ok"/>' +
        '<a href="javascript:alert(1)"><text>t</text></a><rect fill="url(https://x/y)"/><rect fill="url(#g)"/>' +
        '<image href="data:image/svg+xml;base64,AAAA"/></svg>',
    );
    expect(out).toBe('<svg><use/><use xlink:href="#ok"/><rect/><rect fill="url(#g)"/></svg>');
  });

  it('rejects DOCTYPE and entity declarations, and documents that are not SVG', () => {
    expect(() => sanitizeSvg('<!DOCTYPE svg [<!ENTITY x "y">]><svg/>')).toThrow(SvgRejectedError);
    expect(() => sanitizeSvg('<html><script>alert(1)</script></html>')).toThrow(SvgRejectedError);
  });

  it('decodes character references before judging a value', () => {
    const out = sanitizeSvg(
      '<svg><rect fill="&#x75;rl(https://evil.example/x.svg#a)"/><rect filter="url&#40;https://e/x)"/>' +
        '<use href="&#106;avascript:alert(1)"/><rect fill="url(&#35;g)"/><text font-family="A &amp; B">t</text></svg>',
    );
    expect(out).toBe(
      '<svg><rect/><rect/><use/><rect fill="url(#g)"/><text font-family="A &amp; B">t</text></svg>',
    );
  });

  it('hides nothing in obfuscated handlers', () => {
    expect(sanitizeSvg('<svg><rect ONLOAD = "alert(1)" fill="java\nscript:x"/></svg>')).toBe(
      '<svg><rect/></svg>',
    );
  });
});
