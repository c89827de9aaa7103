/**
 * The contract between this build's index.html and the edge (theme-server): the edge fills
 * the two markers at request time and serves the page under a strict CSP, so the page must
 * keep both markers and carry no inline code (the edge adds nonces to external tags only).
 */
import { EDGE_BOOT_MARKER, EDGE_HEAD_MARKER } from '@fleetport/contracts/edge-html';
import type { Plugin } from 'vite';

export { EDGE_BOOT_MARKER, EDGE_HEAD_MARKER };

const INLINE_CODE: readonly [RegExp, string][] = [
  [/<script\b(?![^>]*\bsrc=)(?![^>]*\btype=["']?application\/json)[^>]*>/i, 'an inline <script>'],
  [/<style\b/i, 'an inline <style>'],
  [/<[a-z][^>]*\sstyle=/i, 'a style="…" attribute'],
  [/<[a-z][^>]*\son[a-z]+=/i, 'an inline event handler'],
  [/\b(?:src|href)=["']?(?:data|javascript):/i, 'a data: or javascript: URL'],
];

/** Lists what in `html` breaks the edge contract; empty when the page is fine. */
export function edgeHtmlProblems(html: string): string[] {
  const problems: string[] = [];
  for (const marker of [EDGE_HEAD_MARKER, EDGE_BOOT_MARKER]) {
    const count = html.split(marker).length - 1;
    if (count !== 1) problems.push(`expected the marker ${marker} exactly once, found it ${count} times`);
  }
  for (const [pattern, what] of INLINE_CODE) {
    if (pattern.test(html)) problems.push(`contains ${what}, which the CSP forbids`);
  }
  return problems;
}

/** Fails the build when the emitted index.html breaks the edge contract. */
export function edgeHtmlGuard(): Plugin {
  return {
    name: 'fleetport:edge-html-guard',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const problems = edgeHtmlProblems(html);
        if (problems.length > 0) {
          throw new Error(`index.html breaks the edge contract:\n- ${problems.join('\n- ')}`);
        }
        return html;
      },
    },
  };
}
