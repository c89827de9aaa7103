import { describe, expect, it } from 'vitest';
import { EDGE_BOOT_MARKER, EDGE_HEAD_MARKER, edgeHtmlProblems } from './edge-html.ts';

const page = (head: string, body = '') =>
  `<!doctype html><html><head>${head}${EDGE_HEAD_MARKER}</head>` +
  `<body><div id="root">${EDGE_BOOT_MARKER}</div>${body}</body></html>`;

describe('edgeHtmlProblems', () => {
  it('accepts a built page with external scripts, stylesheets and preloads', () => {
    const head =
      '<script type="module" crossorigin src="/assets/index-a1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/vendor-b2.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index-c3.css">';
    expect(edgeHtmlProblems(page(head))).toEqual([]);
  });

  it('reports a missing or repeated marker', () => {
    const noHead = page('').replace(EDGE_HEAD_MARKER, '');
    expect(edgeHtmlProblems(noHead)).toEqual([
      `expected the marker ${EDGE_HEAD_MARKER} exactly once, found it 0 times`,
    ]);
    const twoBoots = page('', EDGE_BOOT_MARKER);
    expect(edgeHtmlProblems(twoBoots)).toEqual([
      `expected the marker ${EDGE_BOOT_MARKER} exactly once, found it 2 times`,
    ]);
  });

  it('reports inline code the CSP would block', () => {
    expect(edgeHtmlProblems(page('<script>boot()</script>'))).toHaveLength(1);
    expect(edgeHtmlProblems(page('<style>body{}</style>'))).toHaveLength(1);
    expect(edgeHtmlProblems(page('', '<div style="color:red"></div>'))).toHaveLength(1);
    expect(edgeHtmlProblems(page('', '<img src="x.png" onerror="boot()">'))).toHaveLength(1);
    expect(edgeHtmlProblems(page('<link rel="icon" href="data:image/png;base64,AA">'))).toHaveLength(1);
  });

  it('allows the JSON data block the edge injects', () => {
    expect(edgeHtmlProblems(page('<script id="fp-brand" type="application/json">{}</script>'))).toEqual([]);
  });
});
