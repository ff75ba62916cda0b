/**
 * Every partner console query key starts here (decision 022), so the customer's and the
 * partner's caches never share an entry in one tab, and signing out of one clears only its own.
 */
export const PARTNER_QUERY_ROOT = ['partner'] as const;
