import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import Box, { type BoxProps } from '@mui/material/Box';

// A link that opens a new tab must not hand that tab a handle on this one.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * HTML cleaned for the page. Chromium checks an inline handler (onerror=…) against the page's
 * Content Security Policy as soon as DOMPurify's parser meets it, and logs the blocked handler as
 * an error although nothing runs; so inside tags the handler attributes are renamed first and the
 * parser never meets one. DOMPurify then drops them with every other data attribute: it, not
 * the renaming, is what keeps script out.
 */
export function cleanHtml(html: string): string {
  const defused = html.replace(/<[^>]*>/g, (tag) =>
    tag.replace(/([\s/"'])on([a-z]+\s*=)/gi, '$1data-defused-on$2'),
  );
  return DOMPurify.sanitize(defused, { ALLOW_DATA_ATTR: false });
}

/**
 * HTML that came from the server (settings, letters), cleaned by DOMPurify right before it is
 * rendered: the server sanitises on write too, but the browser never trusts that alone.
 * This is the only place that uses dangerouslySetInnerHTML, and only with the cleaned string.
 */
export function SanitizedHtml({
  html,
  sx,
  ...props
}: { html: string } & Omit<BoxProps, 'children' | 'dangerouslySetInnerHTML'>) {
  const clean = useMemo(() => cleanHtml(html), [html]);
  return (
    <Box
      {...props}
      sx={[
        {
          '& > :first-child': { mt: 0 },
          '& > :last-child': { mb: 0 },
          '& a': { color: 'primary.main' },
          wordBreak: 'break-word',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
