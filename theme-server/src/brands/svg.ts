/**
 * SVG sanitiser for uploaded logos and favicons. A logo must never run code on the console's
 * origin, so this keeps an allow-list of drawing elements and presentation attributes and drops
 * everything else: scripts, styles, event handlers, foreignObject, external references, DOCTYPE
 * and entities, comments and processing instructions. The output is re-serialised from tokens,
 * never passed through as-is. (The edge also serves every brand file with its own restrictive
 * CSP and nosniff: defence in depth.)
 */

const ELEMENTS = new Set([
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'defs',
  'lineargradient',
  'radialgradient',
  'stop',
  'clippath',
  'mask',
  'title',
  'desc',
  'use',
  'symbol',
  'pattern',
  'filter',
  'fegaussianblur',
  'feoffset',
  'feblend',
  'fecolormatrix',
  'feflood',
  'fecomposite',
  'femerge',
  'femergenode',
  'fedropshadow',
]);

const ATTRIBUTES = new Set([
  'xmlns',
  'xmlns:xlink',
  'version',
  'id',
  'class',
  'viewbox',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'd',
  'points',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-miterlimit',
  'opacity',
  'transform',
  'gradientunits',
  'gradienttransform',
  'offset',
  'stop-color',
  'stop-opacity',
  'clip-path',
  'mask',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'preserveaspectratio',
  'href',
  'xlink:href',
  'patternunits',
  'fx',
  'fy',
  'spreadmethod',
  'filter',
  'stddeviation',
  'dx',
  'dy',
  'in',
  'in2',
  'result',
  'mode',
  'values',
  'type',
  'flood-color',
  'flood-opacity',
  'operator',
  'role',
  'aria-label',
  'aria-hidden',
  'focusable',
  'shape-rendering',
  'vector-effect',
  'paint-order',
  'display',
  'visibility',
]);

/** Attributes whose value may hold a reference: only same-document `#id` / `url(#id)` allowed. */
const REFERENCE_ATTRIBUTES = new Set(['href', 'xlink:href']);

export class SvgRejectedError extends Error {}

const TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<![^>]*>|<\?[\s\S]*?\?>|<\/?[A-Za-z][^>]*>|[^<]+|</g;
const TAG = /^<(\/?)([A-Za-z][\w:.-]*)([\s\S]*?)(\/?)>$/;
const ATTRIBUTE = /([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

function safeValue(name: string, value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters hide javascript: from naive checks
  const folded = value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
  if (folded.includes('javascript:') || folded.includes('data:') || folded.includes('expression(')) {
    return false;
  }
  if (REFERENCE_ATTRIBUTES.has(name)) return value.trim().startsWith('#');
  // url(...) must point inside the document (gradients, clip paths).
  const urls = folded.match(/url\(([^)]*)\)/g) ?? [];
  return urls.every((url) => /^url\(['"]?#/.test(url));
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * An attribute value as an XML parser will read it: character references decoded, so that
 * `&#x75;rl(https://…)` is checked as the `url(https://…)` it is. Undefined if it uses an
 * entity XML does not predefine.
 */
function decodeReferences(value: string): string | undefined {
  let unknown = false;
  const decoded = value.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (_match, reference: string) => {
    if (reference.startsWith('#')) {
      const hex = reference[1] === 'x' || reference[1] === 'X';
      const code = hex ? Number.parseInt(reference.slice(2), 16) : Number(reference.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    const named = NAMED_ENTITIES[reference.toLowerCase()];
    if (named === undefined) unknown = true;
    return named ?? '';
  });
  return unknown ? undefined : decoded;
}

/** Re-escapes a decoded value: every `&`, quote and `<`. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function sanitizeTag(token: string): string | undefined {
  const match = TAG.exec(token);
  if (!match) return undefined;
  const [, closing, rawName = '', rawAttributes = '', selfClosing] = match;
  const name = rawName.toLowerCase();
  if (!ELEMENTS.has(name)) return undefined;
  if (closing) return `</${rawName}>`;
  const kept: string[] = [];
  for (const attribute of rawAttributes.matchAll(ATTRIBUTE)) {
    const attributeName = (attribute[1] ?? '').toLowerCase();
    const value = decodeReferences(attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
    if (value === undefined || !ATTRIBUTES.has(attributeName) || !safeValue(attributeName, value)) continue;
    kept.push(` ${attribute[1]}="${escapeAttribute(value)}"`);
  }
  return `<${rawName}${kept.join('')}${selfClosing ? '/' : ''}>`;
}

/** Returns a safe SVG document, or throws SvgRejectedError when the input is not an SVG image. */
export function sanitizeSvg(input: string): string {
  if (/<!DOCTYPE|<!ENTITY/i.test(input)) {
    throw new SvgRejectedError('SVG must not contain a DOCTYPE or entity declarations');
  }
  const out: string[] = [];
  let skippedDepth = 0;
  let sawRoot = false;
  for (const [token] of input.matchAll(TOKEN)) {
    if (
      token.startsWith('<!--') ||
      token.startsWith('<![CDATA[') ||
      token.startsWith('<?') ||
      token.startsWith('<!')
    ) {
      continue;
    }
    if (token.startsWith('<') && token.length > 1) {
      const match = TAG.exec(token);
      if (!match) continue;
      const isClosing = match[1] === '/';
      const isSelfClosing = match[4] === '/';
      if (skippedDepth > 0) {
        if (!isSelfClosing) skippedDepth += isClosing ? -1 : 1;
        continue;
      }
      const clean = sanitizeTag(token);
      if (clean === undefined) {
        if (!isClosing && !isSelfClosing) skippedDepth = 1;
        continue;
      }
      if (!isClosing && (match[2] ?? '').toLowerCase() === 'svg') sawRoot = true;
      out.push(clean);
    } else if (skippedDepth === 0) {
      out.push(token === '<' ? '&lt;' : token);
    }
  }
  if (!sawRoot) throw new SvgRejectedError('not an SVG image (no <svg> root element)');
  return out.join('').trim();
}
