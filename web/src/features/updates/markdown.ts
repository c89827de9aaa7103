import { escapeHtml } from '@fleetport/contracts/html';
import { isAllowedLinkUrl } from '@fleetport/contracts/patterns';

/**
 * A small Markdown converter for the changelog (Keep a Changelog form): ATX headings, bullet and
 * numbered lists (nested by indentation), paragraphs, fenced code, inline code, **strong**,
 * inline links `[text](url)` and reference links `[text]` with `[text]: url` definitions.
 * Everything else is text. All text is HTML-escaped, and a link whose URL is not allowed (spec §9:
 * http, https, ftp, mailto, tel or relative) stays plain text. The caller still sanitises the
 * result (defence in depth: SafeHtml).
 */

export interface MarkdownOptions {
  /** Added to every heading level (capped at h6): 1 turns `#` into h2 under a page's own h1. */
  headingOffset?: number;
}

type References = ReadonlyMap<string, string>;

const HEADING = /^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const FENCE = /^ {0,3}```/;
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])\s+(.*)$/;
const REFERENCE = /^ {0,3}\[([^\]]+)\]:\s*(\S+)\s*$/;
/** Code span, inline link, reference link, strong: the first one found wins. */
const INLINE = /(`+)(.+?)\1(?!`)|\[([^\]]+)\]\(([^)\s]*)\)|\[([^\]]+)\](?!\()|\*\*(.+?)\*\*/g;

function link(label: string, url: string, references: References): string {
  const text = inline(label, references, false);
  if (!isAllowedLinkUrl(url)) return text;
  return `<a href="${escapeHtml(url.trim())}">${text}</a>`;
}

/** The inline markup of one block's text; links are not nested in links. */
function inline(text: string, references: References, links = true): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, ticks, code, label, url, reference, strong] = match;
    html += escapeHtml(text.slice(last, match.index));
    last = match.index + whole.length;
    if (ticks !== undefined && code !== undefined) html += `<code>${escapeHtml(code.trim())}</code>`;
    else if (label !== undefined && url !== undefined) {
      html += links ? link(label, url, references) : escapeHtml(whole);
    } else if (reference !== undefined) {
      const target = references.get(reference.toLowerCase());
      html +=
        links && target !== undefined
          ? link(reference, target, references)
          : `[${inline(reference, references, links)}]`;
    } else if (strong !== undefined) html += `<strong>${inline(strong, references, links)}</strong>`;
  }
  return html + escapeHtml(text.slice(last));
}

function startsBlock(line: string): boolean {
  return HEADING.test(line) || FENCE.test(line) || LIST_ITEM.test(line);
}

const indentOf = (line: string) => line.length - line.trimStart().length;
const isOrdered = (marker: string) => /\d/.test(marker);

/** A list from `lines[start]` (an item): its HTML and the index after it. */
function list(lines: readonly string[], start: number, references: References): [string, number] {
  const first = LIST_ITEM.exec(lines[start] ?? '');
  const indent = first?.[1]?.length ?? 0;
  const ordered = isOrdered(first?.[2] ?? '');
  const items: string[] = [];
  let index = start;
  while (index < lines.length) {
    const item = LIST_ITEM.exec(lines[index] ?? '');
    if (!item || (item[1] ?? '').length !== indent || isOrdered(item[2] ?? '') !== ordered) break;
    let text = item[3] ?? '';
    const nested: string[] = [];
    index += 1;
    while (index < lines.length) {
      const line = lines[index] ?? '';
      if (line.trim() === '') break;
      const child = LIST_ITEM.exec(line);
      if (child && (child[1] ?? '').length > indent) {
        const [html, next] = list(lines, index, references);
        nested.push(html);
        index = next;
      } else if (child || (indentOf(line) <= indent && startsBlock(line))) break;
      else {
        text += ` ${line.trim()}`; // a wrapped line of the item
        index += 1;
      }
    }
    items.push(`<li>${inline(text, references)}${nested.join('')}</li>`);
    // Blank lines between two items of this list keep it going.
    let next = index;
    while (next < lines.length && (lines[next] ?? '').trim() === '') next += 1;
    if (next > index) {
      const following = LIST_ITEM.exec(lines[next] ?? '');
      if (!following || (following[1] ?? '').length !== indent) break;
      index = next;
    }
  }
  const tag = ordered ? 'ol' : 'ul';
  return [`<${tag}>${items.join('')}</${tag}>`, index];
}

/** Converts Markdown to HTML (see the module comment for what is understood). */
export function markdownToHtml(markdown: string, options: MarkdownOptions = {}): string {
  const references = new Map<string, string>();
  const lines: string[] = [];
  let fenced = false;
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (FENCE.test(line)) fenced = !fenced;
    const definition = fenced ? null : REFERENCE.exec(line);
    if (definition?.[1] && definition[2]) references.set(definition[1].toLowerCase(), definition[2]);
    else lines.push(line);
  }

  const blocks: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    const heading = HEADING.exec(line);
    if (line.trim() === '') index += 1;
    else if (FENCE.test(line)) {
      const code: string[] = [];
      index += 1;
      while (index < lines.length && !FENCE.test(lines[index] ?? '')) code.push(lines[index++] ?? '');
      index += 1; // the closing fence
      blocks.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
    } else if (heading) {
      const level = Math.min(6, (heading[1] ?? '#').length + (options.headingOffset ?? 0));
      blocks.push(`<h${level}>${inline(heading[2] ?? '', references)}</h${level}>`);
      index += 1;
    } else if (LIST_ITEM.test(line)) {
      const [html, next] = list(lines, index, references);
      blocks.push(html);
      index = next;
    } else {
      const text: string[] = [];
      while (index < lines.length && (lines[index] ?? '').trim() !== '' && !startsBlock(lines[index] ?? '')) {
        text.push((lines[index++] ?? '').trim());
      }
      blocks.push(`<p>${inline(text.join(' '), references)}</p>`);
    }
  }
  return blocks.join('\n');
}
