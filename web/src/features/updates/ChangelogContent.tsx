import changelog from '../../../../CHANGELOG.md?raw';
import { SafeHtml } from '../../shared/html/SafeHtml.tsx';
import { markdownToHtml } from './markdown.ts';

/** The document's own '# Changelog' title: the page heading already says it. */
const TITLE = /^\s*# .*(?:\n|$)/;

/** CHANGELOG.md as HTML: its `##` sections are h2 under the page's h1; shown through the sanitiser (spec §9). */
export const CHANGELOG_HTML = markdownToHtml(changelog.replace(TITLE, ''));

export function ChangelogContent({ html = CHANGELOG_HTML }: { html?: string }) {
  return (
    <SafeHtml
      html={html}
      data-testid="changelog"
      sx={{
        maxWidth: 880,
        typography: 'body2',
        '& h2': { typography: 'h5', mt: 4, mb: 1 },
        '& h3': { typography: 'subtitle1', fontWeight: 600, mt: 3, mb: 1 },
        '& h4, & h5, & h6': { typography: 'subtitle2', mt: 2, mb: 0.5 },
        '& ul, & ol': { pl: 3, my: 1 },
        '& li': { mb: 0.5 },
        '& code': {
          fontFamily: 'monospace',
          fontSize: '0.9em',
          bgcolor: 'action.hover',
          px: 0.5,
          borderRadius: 0.5,
        },
        '& pre': { bgcolor: 'action.hover', p: 2, borderRadius: 1, overflowX: 'auto' },
        '& pre code': { bgcolor: 'transparent', p: 0 },
        '& a': { color: 'primary.main' },
      }}
    />
  );
}
