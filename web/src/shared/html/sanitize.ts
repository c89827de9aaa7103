import { ALLOWED_LINK_SCHEMES, isAllowedLinkUrl } from '@fleetport/contracts/patterns';
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';

/**
 * Attributes whose value is a URL. Each must pass {@link isAllowedLinkUrl} (spec §9: http, https,
 * ftp, mailto, tel, or a relative link), which also refuses the `data:` images DOMPurify allows.
 */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'xlink:href',
  'action',
  'formaction',
  'background',
  'cite',
  'poster',
]);

/**
 * DOMPurify's own check for every other attribute value, narrowed to the schemes of spec §9 (the
 * shape of its default pattern: an allowed scheme, or a value that does not start with one).
 */
const ALLOWED_URI_REGEXP = new RegExp(
  `^(?:(?:${ALLOWED_LINK_SCHEMES.join('|')}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`,
  'i',
);

const CONFIG: Config = {
  // HTML only: no SVG or MathML, whose namespaces carry their own script and link vectors.
  USE_PROFILES: { html: true },
  ALLOWED_URI_REGEXP,
  // Style sheets restyle the page; forms and their fields invite phishing for credentials.
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'option', 'optgroup', 'textarea'],
  // `style` attributes break the strict CSP (no inline style); a srcset hides several URLs.
  FORBID_ATTR: ['style', 'srcset'],
};

let purifier: DOMPurify | undefined;

function createPurifier(): DOMPurify {
  const instance = createDOMPurify(globalThis.window);
  // DOMPurify without a DOM returns its input untouched: refuse instead of passing HTML through.
  if (!instance.isSupported) throw new Error('sanitizeHtml needs a DOM (window.document)');
  instance.addHook('uponSanitizeAttribute', (_node, event) => {
    if (URL_ATTRIBUTES.has(event.attrName) && !isAllowedLinkUrl(event.attrValue)) event.keepAttr = false;
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    // Links open in a new tab, without access to this window or the console's address.
    if ((node.tagName === 'A' || node.tagName === 'AREA') && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return instance;
}

/**
 * HTML from the server or a user, made safe to insert into the page (spec §9 "Sanitizer"):
 * scripts, event handlers, `style`, `iframe`, `object`, `embed`, forms and SVG are removed; links
 * and sources keep only the schemes http, https, ftp, mailto and tel (or stay relative); every
 * link opens in a new tab with `rel="noopener noreferrer"`. Throws when there is no DOM.
 */
export function sanitizeHtml(html: string): string {
  purifier ??= createPurifier();
  return purifier.sanitize(html, CONFIG);
}
