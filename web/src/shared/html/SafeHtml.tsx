import Box, { type BoxProps } from '@mui/material/Box';
import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize.ts';

export interface SafeHtmlProps extends Omit<BoxProps, 'children' | 'dangerouslySetInnerHTML'> {
  /** Untrusted HTML: it is sanitised before it reaches the page (spec §9 "Sanitizer"). */
  html: string;
}

/** Shows server or user HTML (notification texts, hints) through {@link sanitizeHtml}. */
export function SafeHtml({ html, ...props }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML was sanitised just above.
  return <Box {...props} dangerouslySetInnerHTML={{ __html: clean }} />;
}
