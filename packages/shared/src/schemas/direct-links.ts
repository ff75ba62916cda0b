import { z } from 'zod';
import { envelope } from './envelope';
import { nextPageField, pageFields } from './paging';
import { JOB_STAGES } from './partner-jobs';
import { idSchema } from './primitives';

/*
 * A company's direct links (create, copy, disable, and the requests that
 * came through each). A link is the last part of /create-request/{link} (spec portal.md §1
 * direct-link mode); a request made through it, by the customer or by the company's sales team,
 * remembers it (requests.direct_link_id).
 */

/** How many active links a company may have at once: a runaway script cannot fill the table. */
export const MAX_ACTIVE_DIRECT_LINKS = 50;

export const DIRECT_LINK_TEXT = {
  tooMany: `A company may have at most ${MAX_ACTIVE_DIRECT_LINKS} active direct links. Disable one you no longer share first.`,
  notFound: 'This direct link was not found.',
  created: 'Direct link created.',
  enabled: 'Direct link enabled.',
  disabled: 'Direct link disabled. Customers who open it are told it is invalid.',
} as const;

export const directLinkSchema = z
  .object({
    id: z.number().int(),
    /** The token in the address: /create-request/{link}. */
    link: z.string(),
    /** The whole address to share: `${PUBLIC_URL}/create-request/{link}`. */
    url: z.string(),
    is_active: z.boolean(),
    /** ISO 8601. */
    created_at: z.string(),
    /** Who made it: the company itself, or a member of its sales team (user_type 4). */
    created_by: z.object({ id: z.number().int(), name: z.string(), user_type: z.number().int() }),
    /** Requests that came through it, on either path, cancelled ones included. */
    request_count: z.number().int(),
  })
  .meta({ id: 'DirectLink' });
export type DirectLink = z.infer<typeof directLinkSchema>;

/** POST /api/company/direct_links: takes no fields. */
export const directLinksBodySchema = z.object({}).optional();

export const directLinksResponseSchema = envelope({ data: z.array(directLinkSchema) });
export type DirectLinksResponse = z.infer<typeof directLinksResponseSchema>;

/** POST /api/company/create_direct_link: takes no fields (the optional Idempotency-Key header). */
export const createDirectLinkBodySchema = z.object({}).optional();

export const directLinkResponseSchema = envelope({ data: directLinkSchema });
export type DirectLinkResponse = z.infer<typeof directLinkResponseSchema>;

/** POST /api/company/set_direct_link_active. */
export const setDirectLinkActiveBodySchema = z.object({
  link_id: idSchema('link_id must be a direct link id.'),
  is_active: z.boolean({ error: 'is_active must be true or false.' }),
});
export type SetDirectLinkActiveBody = z.input<typeof setDirectLinkActiveBodySchema>;

/** POST /api/company/direct_link_requests: one link's requests, newest first, page by page. */
export const directLinkRequestsBodySchema = z.object({
  link_id: idSchema('link_id must be a direct link id.'),
  ...pageFields('a request'),
});
export type DirectLinkRequestsBody = z.input<typeof directLinkRequestsBodySchema>;

export const directLinkRequestSchema = z
  .object({
    id: z.number().int(),
    /** The move date, MM-DD-YYYY. */
    s_date: z.string(),
    /** The contact's name as entered on the form (the account's once claimed, if empty). */
    contact_name: z.string(),
    /** Where the request stands, as My jobs names it; null for none of its stages. */
    stage: z.enum(JOB_STAGES).nullable(),
    request_timeline_status: z.number().int(),
    request_status: z.number().int(),
    /** Made by a member of the sales team on the customer's behalf. */
    by_sales_team: z.boolean(),
    /** ISO 8601: when the request was sent. */
    created_at: z.string(),
  })
  .meta({ id: 'DirectLinkRequest' });
export type DirectLinkRequest = z.infer<typeof directLinkRequestSchema>;

export const directLinkRequestsResponseSchema = envelope({
  data: z.array(directLinkRequestSchema),
  ...nextPageField,
});
export type DirectLinkRequestsResponse = z.infer<typeof directLinkRequestsResponseSchema>;
