import sanitizeHtml from 'sanitize-html';

/*
 * The confirmation letter of a direct request (decision 016): the company's template (HTML with
 * {{placeholders}}), filled with the request's details when the company sends it, and sanitised
 * once on the way in. The values are escaped before they go into the HTML; the whole result is
 * then cleaned by an allowlist, so neither a template nor a customer's words can carry a script.
 */

/** The placeholders a template may use, each filled from the request. */
export const LETTER_PLACEHOLDERS = [
  'customer_name',
  'move_date',
  'move_time',
  'move_type',
  'addresses',
  'movers',
  'rate_lines',
  'payment_method',
  'company_name',
  'company_phone',
  'company_email',
  'request_id',
] as const;
export type LetterPlaceholder = (typeof LETTER_PLACEHOLDERS)[number];

/** The letter of a company without a template of its own. */
export const DEFAULT_LETTER_TEMPLATE = `<h2>Move Confirmation Letter</h2>
<p>Dear {{customer_name}},</p>
<p>Thank you for choosing {{company_name}}. This letter confirms your move (request #{{request_id}}) on <strong>{{move_date}}</strong>, arriving {{move_time}}, with {{movers}} movers.</p>
<h3>Addresses</h3>
{{addresses}}
<h3>Rates</h3>
{{rate_lines}}
<p>Payment method: {{payment_method}}</p>
<h3>Terms and conditions</h3>
<ul>
<li>The crew arrives within the start window above; time is counted from arrival to the end of unloading.</li>
<li>Items must be packed and ready when the crew arrives; packing on the day is charged at the hourly rate.</li>
<li>Please tell us of any change to the date, the addresses or the inventory at least 48 hours before the move.</li>
</ul>
<p>Questions? Call {{company_name}} at {{company_phone}} or write to {{company_email}}.</p>`;

/** The tags and attributes a letter may keep: text structure only, no links, images or styles. */
const LETTER_SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'div',
    'span',
  ],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
};

/** A letter (or template) with nothing but the allowed structure left. */
export function sanitizeLetter(html: string): string {
  return sanitizeHtml(html, LETTER_SANITIZE);
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A list of lines as HTML, each line escaped. */
export function htmlList(lines: readonly string[]): string {
  if (lines.length === 0) return '<p>N/A</p>';
  return `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`;
}

/**
 * Fills a template: text values are escaped, the list values (addresses, rate_lines) are built
 * from escaped lines; an unknown placeholder is left out. The result is sanitised.
 */
export function fillLetter(
  template: string,
  values: Record<Exclude<LetterPlaceholder, 'addresses' | 'rate_lines'>, string> & {
    addresses: readonly string[];
    rate_lines: readonly string[];
  },
): string {
  const filled = template.replace(/\{\{\s*([a-z_ ]+?)\s*\}\}/gi, (_, raw: string) => {
    const key = raw.toLowerCase().replace(/\s+/g, '_') as LetterPlaceholder;
    if (key === 'addresses' || key === 'rate_lines') return htmlList(values[key]);
    const value = (values as Record<string, unknown>)[key];
    return typeof value === 'string' ? escapeHtml(value) : '';
  });
  return sanitizeLetter(filled);
}

const BLOCK_END = /<\/(p|h[1-6]|li|tr|div|table|ul|ol)>|<br\s*\/?>|<hr\s*\/?>/gi;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) {
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16) || 0x3f);
    }
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)) || 0x3f);
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The letter as plain paragraphs, for the PDF: block ends become line breaks, list items get a
 * dash, every tag goes, entities are decoded, blank lines collapse.
 */
export function letterParagraphs(html: string): string[] {
  const marked = html.replace(/<li[^>]*>/gi, '- ').replace(BLOCK_END, '\n');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0);
}
