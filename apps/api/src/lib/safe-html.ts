import sanitize from 'sanitize-html';

/**
 * The allow-list for admin-written rich text (About Us and its sections). It keeps structure
 * and links and drops everything that can run or restyle the page: script and style elements
 * (with their content), event handler and style attributes, iframes, forms, images, and any
 * link that is not http, https, mailto, tel or relative. The browser sanitises again
 * (DOMPurify) before rendering; this copy is what is stored.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // The page has its own h1; b and i become their semantic twins.
  transformTags: {
    h1: 'h2',
    b: 'strong',
    i: 'em',
    a: (tagName, attribs) => {
      const href = attribs.href?.trim() ?? '';
      const external = /^https?:/i.test(href);
      // rel and target are the server's choice, never the author's: new tabs get no opener.
      const safe: sanitize.Attributes = external
        ? { target: '_blank', rel: 'noopener noreferrer nofollow' }
        : {};
      return { tagName, attribs: href ? { href, ...safe } : {} };
    },
  },
  disallowedTagsMode: 'discard',
};

export function sanitizeRichText(html: string): string {
  return sanitize(html, OPTIONS).trim();
}
