import { randomUUID } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { asc, desc, eq } from 'drizzle-orm';
import { BidStatus, MSG, TimelineStatus, UserType } from '@movehub/shared';
import {
  catalogueItems,
  companyDirectLinks,
  notifications,
  payments,
  requestBids,
  requestChanges,
  requestAddresses,
  requestComments,
  requestItems,
  requests,
  sessions,
} from '../src/db/schema';
import { hashToken, newToken } from '../src/lib/tokens';
import type { AuthRequirement } from '../src/plugins/auth';
import { buildTestApp, createUser } from './helper';
import { lifecycle } from './lifecycle';

/*
 * The authorisation matrix: every registered route × every kind of caller that must not get
 * through, with the expected answer of each cell. The routes come from the app itself (its
 * onRoute hook), and each one's access from its own `config.auth`; the table below must name
 * every route, so a new route fails here until its access is stated.
 */

/**
 * 'customer-or-link': the request's customer, or without a token the holder of its public link
 * (decision 016): a token that is sent must be a live customer's. 'company': user_type 2 only; 'partner': a company or its sales team (decision 011); 'crew': a
 * company or a foreman (move day); 'foreman': user_type 3 only (the truck's position).
 */
type Access =
  | 'public'
  | 'signed-in'
  | 'customer'
  | 'customer-or-link'
  | 'company'
  | 'partner'
  | 'crew'
  | 'foreman';
type Cell =
  | 'no token'
  | 'malformed'
  | 'revoked'
  | 'expired'
  | "another customer's"
  | 'company'
  | 'sales team'
  | 'foreman';
const CELLS: readonly Cell[] = [
  'no token',
  'malformed',
  'revoked',
  'expired',
  "another customer's",
  'company',
  'sales team',
  'foreman',
];

/** Every route of the app, by `METHOD url` (HEAD routes follow their GET). */
const ROUTES: Record<string, Access> = {
  'GET /healthz': 'public',
  'GET /livez': 'public',
  'GET /api/admin/get_setting': 'public',
  'GET /app_api/social_config': 'public',
  'GET /app_api/payment_config': 'public',
  'GET /api/customer/get_move_type': 'public',
  'GET /api/geo/autocomplete': 'public',
  'GET /api/geo/geocode': 'public',
  'GET /api/geo/config': 'public',
  'GET /api/customer/service_area': 'public',
  'POST /app_api/request_detail_by_request_link': 'public',
  'POST /app_api/claim_request': 'public',
  'POST /app_api/analytics_event': 'public',
  'GET /dev/outbox': 'public',
  'GET /uploads/*': 'public',
  'GET /docs': 'public',
  'GET /docs/': 'public',
  'GET /docs/json': 'public',
  'GET /docs/yaml': 'public',
  'GET /docs/static/*': 'public',
  'GET /docs/static/index.html': 'public',
  'GET /docs/static/swagger-initializer.js': 'public',
  'POST /app_api/login': 'public',
  'POST /app_api/validateEmailandPhone': 'public',
  'POST /app_api/send_verification_code_on_email': 'public',
  'POST /app_api/verify_code_send_on_email': 'public',
  'POST /app_api/send_verification_code_on_ph_number': 'public',
  'POST /app_api/verify_code_send_on_phone_number': 'public',
  'POST /api/customer/register_customer': 'public',
  'POST /api/customer/login_by_google': 'public',
  'POST /api/customer/login_by_facebook': 'public',
  'POST /app_api/reset_password': 'public',
  'POST /app_api/change_password': 'public',
  'POST /app_api/upload_s3_file': 'public',
  'POST /app_api/sandbox/tokens': 'public',
  'POST /api/customer/get_item_categories_by_type': 'public',
  'POST /api/customer/get_item': 'public',
  'POST /api/customer/get_item_by_category_id': 'public',
  'POST /api/customer/check_service_area': 'public',
  'POST /api/customer/add_wishlist_area': 'public',
  'POST /api/customer/calculate_estimated_price': 'public',
  'POST /api/geo/directions': 'public',
  'POST /api/company/validate_generated_link': 'public',
  'POST /api/company/generate_request_by_customer': 'public',
  'POST /api/sale_team/generate_request_by_customer': 'public',
  'POST /app_api/log_out': 'signed-in',
  'POST /app_api/update_password': 'signed-in',
  'GET /app_api/get_notification': 'signed-in',
  'POST /app_api/mark_notification_read': 'signed-in',
  'POST /app_api/channels': 'signed-in',
  'POST /app_api/get_messages': 'signed-in',
  'POST /app_api/change_chat_status': 'signed-in',
  'POST /app_api/add_comments': 'signed-in',
  'POST /app_api/get_comments': 'signed-in',
  'POST /api/customer/request_timeline': 'customer',
  'GET /api/customer/profile_customer': 'customer',
  'PUT /api/customer/update_customer': 'customer',
  'POST /api/customer/get_customer_request': 'customer',
  'POST /api/customer/checking_card_exist': 'customer',
  'POST /api/customer/add_card': 'customer',
  'POST /api/customer/delete_card': 'customer',
  'POST /api/customer/generate_request': 'customer',
  'POST /api/customer/customer_request_detail': 'customer',
  'POST /api/customer/edit_final_comment': 'customer',
  'POST /api/customer/add_address': 'customer',
  'POST /api/customer/edit_address': 'customer',
  'POST /api/customer/delete_address': 'customer',
  'POST /api/customer/edit_items': 'customer',
  'POST /api/customer/edit_extra_item': 'customer',
  'POST /app_api/add_address': 'customer',
  'POST /app_api/edit_address': 'customer',
  'POST /app_api/delete_address': 'customer',
  'POST /app_api/edit_items': 'customer',
  'POST /app_api/edit_extra_item': 'customer',
  'POST /api/customer/delete_request': 'customer',
  'POST /api/customer/detail_of_bided_companies': 'customer',
  'POST /api/customer/delete_bid': 'customer',
  'PUT /api/customer/accept_request': 'customer',
  'POST /api/customer/make_payment': 'customer',
  'POST /api/customer/change_price_date_time_movers_confirmation': 'customer',
  'POST /api/customer/change_address_confirmation': 'customer',
  'POST /api/customer/change_item_confirmation': 'customer',
  'POST /api/customer/change_extra_item_confirmation': 'customer',
  'GET /api/customer/request_calendar': 'customer',
  'GET /api/customer/request_receipt': 'customer',
  'POST /api/company/open_requests': 'partner',
  'POST /api/company/place_bid': 'company',
  'POST /api/company/jobs': 'company',
  'POST /api/company/direct_links': 'company',
  'POST /api/company/create_direct_link': 'company',
  'POST /api/company/set_direct_link_active': 'company',
  'POST /api/company/direct_link_requests': 'company',
  'POST /api/company/direct_link_analytics': 'company',
  'POST /api/company/payouts': 'company',
  'GET /api/company/payouts_csv': 'company',
  'POST /api/company/job_detail': 'company',
  'POST /api/company/withdraw_bid': 'company',
  'POST /api/company/propose_change': 'company',
  'POST /api/company/price_change': 'company',
  'POST /api/company/changes_awaiting_price': 'company',
  'POST /api/company/assign_move': 'company',
  'POST /api/foreman/start_move': 'crew',
  'POST /api/company/complete_move': 'crew',
  'POST /api/customer/end_move_confirmation': 'customer',
  'POST /app_api/add_feedback': 'customer',
  'POST /api/company/send_confirmation_letter': 'company',
  'POST /api/company/get_confirmation_letter': 'customer-or-link',
  'POST /api/foreman/post_location': 'foreman',
  'POST /api/foreman/jobs': 'foreman',
  'POST /api/foreman/job_detail': 'foreman',
  'POST /app_api/get_tracking': 'customer',
  'POST /api/company/attach_signature_make_confirmation_letter_pdf': 'customer-or-link',
  'POST /api/company/profile': 'company',
  'POST /api/company/update_profile': 'company',
  'POST /api/company/add_zip_code': 'company',
  'POST /api/company/remove_zip_code': 'company',
  'POST /api/company/add_truck': 'company',
  'POST /api/company/update_truck': 'company',
  'POST /api/company/remove_truck': 'company',
  'POST /api/company/invite_foreman': 'company',
  'POST /api/company/remove_foreman': 'company',
  'POST /app_api/set_foreman_password': 'public',
};

const registered: { method: string; url: string; auth: AuthRequirement | undefined }[] = [];
const ctx = await buildTestApp(
  // No built web app: its files would each be a route. Limits high: this file calls a lot.
  { WEB_DIST_DIR: '/nonexistent', IP_RATE_LIMIT_PER_MINUTE: '100000' },
  undefined,
  (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      registered.push({ method, url: route.url, auth: route.config?.auth });
    }
  },
);
afterAll(() => ctx.close());

const accessOf = (auth: AuthRequirement | undefined): Access => {
  if (!auth) return 'public';
  if (auth.userTypes.length === 0) return 'signed-in';
  const types = [...auth.userTypes].sort().join(',');
  if (auth.optional) {
    if (types === `${UserType.customer}`) return 'customer-or-link';
    throw new Error(`no matrix column for ${JSON.stringify(auth)}`);
  }
  if (types === `${UserType.customer}`) return 'customer';
  if (types === `${UserType.company}`) return 'company';
  if (types === `${UserType.company},${UserType.salesTeam}`) return 'partner';
  if (types === `${UserType.company},${UserType.foreman}`) return 'crew';
  if (types === `${UserType.foreman}`) return 'foreman';
  throw new Error(`no matrix column for ${JSON.stringify(auth)}`);
};
const keyOf = (r: { method: string; url: string }) =>
  `${r.method === 'HEAD' ? 'GET' : r.method} ${r.url}`;

// --- callers --------------------------------------------------------------------------------

const life = lifecycle(() => ctx);
async function requestRow(id: number) {
  const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, id));
  if (!row) throw new Error(`no request ${id}`);
  return row;
}
const ownerParty = await life.customer(null);
const owner = ownerParty.user;
const stranger = await createUser(ctx.database);
// A company with a profile, its foremen and trucks, serving the owner's pick-up zip.
const moverCompany = await life.company();
const company = moverCompany.user;
// The owner's request, sent through the wizard's call, has the company's bid: another customer
// can neither delete nor accept it.
const ownerRequestId = await life.send(ownerParty);
await life.bid(moverCompany, ownerRequestId, 45_000);
const ownerRequest = await requestRow(ownerRequestId);
// A notice of the owner's, from that bid.
const [ownerNotice] = await ctx.database.db
  .select()
  .from(notifications)
  .where(eq(notifications.userId, owner.id))
  .orderBy(desc(notifications.id))
  .limit(1);
if (!ownerNotice) throw new Error('the owner was told nothing of the bid');
const ownerBidStatus = async () =>
  (
    await ctx.database.db
      .select({ status: requestBids.status })
      .from(requestBids)
      .where(eq(requestBids.requestId, ownerRequest.id))
  )[0]?.status;
// A sales-team member of that company: the company of the direct links they make.
const salesMember = await createUser(ctx.database, { userType: UserType.salesTeam });
await ctx.database.db.insert(companyDirectLinks).values({
  link: `matrix-${randomUUID()}`,
  companyId: company.id,
  createdByUserId: salesMember.id,
});

// A foreman of that company (user_type 3): move-day calls only.
const foreman = moverCompany.foremen[0]!.user;

// The owner's addresses and items: another customer's edits must leave them as they are.
const ownerAddressIds = (
  await ctx.database.db
    .select({ id: requestAddresses.id })
    .from(requestAddresses)
    .where(eq(requestAddresses.requestId, ownerRequest.id))
    .orderBy(asc(requestAddresses.id))
).map((a) => a.id);
const editAddress = {
  complete_address: '1 Colorado Blvd, Pasadena, CA 91101, USA',
  zip_code: '91101',
  latitude: 34.1456,
  longitude: -118.1489,
};
async function ownerEditables() {
  const addresses = await ctx.database.db
    .select()
    .from(requestAddresses)
    .where(eq(requestAddresses.requestId, ownerRequest.id))
    .orderBy(asc(requestAddresses.id));
  const items = await ctx.database.db
    .select()
    .from(requestItems)
    .where(eq(requestItems.requestId, ownerRequest.id))
    .orderBy(asc(requestItems.id));
  return { addresses, items };
}
const ownerEditablesBefore = await ownerEditables();

// Another request of the owner's, whose bid the owner accepted (changes are proposed from then
// on), with a change of each type the company proposed: another customer's answer must leave
// each pending and the request's price as it was.
const wonRequestId = await life.send(ownerParty);
await life.bid(moverCompany, wonRequestId, 45_000);
await life.accept(ownerParty, wonRequestId, moverCompany, 45_000);
const [catalogueItem] = await ctx.database.db.select().from(catalogueItems).limit(1);
for (const proposal of [
  { type: 'request', movers: '3', price: 10 },
  { type: 'address', new_address_array: [{ ...editAddress, address_type: '2' }], price: 10 },
  { type: 'items', items_array: [{ name: 'Desk', type: '1', quantity: 1 }], price: 10 },
  {
    type: 'extra-items',
    items_array: [{ _id: catalogueItem!.id, name: catalogueItem!.name, type: '2', quantity: 1 }],
    price: 10,
  },
]) {
  await life.ok('POST', '/api/company/propose_change', moverCompany.token, {
    request_id: wonRequestId,
    ...proposal,
  });
}
const wonRequest = await requestRow(wonRequestId);
async function ownerChangesPending() {
  const rows = await ctx.database.db
    .select({ status: requestChanges.status })
    .from(requestChanges)
    .where(eq(requestChanges.requestId, wonRequestId));
  return rows.length === 4 && rows.every((r) => r.status === 'pending');
}

/** A fresh session row (a cell may end it: log_out), live, revoked or expired. */
async function session(userId: number, state: 'live' | 'revoked' | 'expired' = 'live') {
  const token = newToken();
  const day = 24 * 3600 * 1000;
  await ctx.database.db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + (state === 'expired' ? -day : day)),
    revokedAt: state === 'revoked' ? new Date() : null,
  });
  return token;
}

async function tokenFor(cell: Cell): Promise<string | undefined> {
  switch (cell) {
    case 'no token':
      return undefined;
    case 'malformed':
      return `not-a-token-${randomUUID()}`;
    case 'revoked':
      return session(owner.id, 'revoked');
    case 'expired':
      return session(owner.id, 'expired');
    case "another customer's":
      return session(stranger.id);
    case 'company':
      return session(company.id);
    case 'sales team':
      return session(salesMember.id);
    case 'foreman':
      return session(foreman.id);
  }
}

/** What a cell must answer: refused with 401 or 403, or let through (any answer below 500). */
function expected(access: Access, cell: Cell): 401 | 403 | 'through' {
  if (access === 'public') return 'through';
  if (access === 'customer-or-link' && cell === 'no token') return 'through';
  const live =
    cell === "another customer's" ||
    cell === 'company' ||
    cell === 'sales team' ||
    cell === 'foreman';
  if (!live) return 401;
  const admitted: Record<Exclude<Access, 'public'>, readonly Cell[]> = {
    'signed-in': ["another customer's", 'company', 'sales team', 'foreman'],
    customer: ["another customer's"],
    'customer-or-link': ["another customer's"],
    company: ['company'],
    partner: ['company', 'sales team'],
    crew: ['company', 'foreman'],
    foreman: ['foreman'],
  };
  return admitted[access].includes(cell) ? 'through' : 403;
}

/**
 * A customer's token on the routes that read or change something of the owner's: each answers
 * about the caller's own things only, and the owner's stay as they were.
 */
const OWNED: Record<
  string,
  { body: () => object; query?: () => string; check: (res: Answer) => Promise<void> }
> = {
  'GET /api/customer/request_calendar': {
    body: () => ({}),
    query: () => `?request_id=${ownerRequest.id}`,
    check: async (res) => {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('VCALENDAR');
    },
  },
  'GET /api/customer/request_receipt': {
    body: () => ({}),
    query: () => `?request_id=${ownerRequest.id}&receipt_id=1`,
    check: async (res) => {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).not.toContain('pdf');
    },
  },
  'POST /app_api/mark_notification_read': {
    body: () => ({ notification_id: ownerNotice.id }),
    check: async (res) => {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: MSG.notificationNotFound });
      const [row] = await ctx.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.id, ownerNotice.id));
      expect(row?.isActive).toBe(true);
    },
  },
  'POST /app_api/get_messages': {
    body: () => ({ socket_id: owner.roomId, request_id: ownerRequest.id, type: 0 }),
    check: async (res) => {
      expect(res.statusCode).toBe(404);
    },
  },
  'POST /app_api/change_chat_status': {
    body: () => ({ socket_id: owner.roomId, request_id: ownerRequest.id, type: 0 }),
    check: async (res) => {
      expect(res.statusCode).toBe(404);
    },
  },
  'POST /app_api/channels': {
    body: () => ({}),
    check: async (res) => {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(owner.roomId);
    },
  },
  'GET /app_api/get_notification': {
    body: () => ({}),
    check: async (res) => {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(ownerNotice.messageBody);
    },
  },
  'POST /api/customer/get_customer_request': {
    body: () => ({ request_status: '0' }),
    check: async (res) => {
      expect(res.statusCode).toBe(200);
      const ids = (res.json() as { data: { request: { id: number } }[] }).data.map(
        (e) => e.request.id,
      );
      expect(ids).not.toContain(ownerRequest.id);
      expect(res.body).not.toContain(ownerRequest.publicAccessLink);
    },
  },
  'POST /api/customer/customer_request_detail': {
    body: () => ({ request_id: ownerRequest.id }),
    check: async (res) => {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(ownerRequest.publicAccessLink);
    },
  },
  'POST /api/customer/edit_final_comment': {
    body: () => ({ request_id: ownerRequest.id, final_comment: 'Not yours' }),
    check: async (res) => {
      expect(res.statusCode).toBe(404);
      expect((await ownerRow())?.finalComment).toBe(ownerRequest.finalComment);
    },
  },
  ...Object.fromEntries(
    ['/api/customer', '/app_api'].flatMap((prefix) =>
      (
        [
          ['add_address', () => ({ request_id: ownerRequest.id, ...editAddress })],
          [
            'edit_address',
            () => ({ request_id: ownerRequest.id, address_id: ownerAddressIds[0], ...editAddress }),
          ],
          [
            'delete_address',
            () => ({ request_id: ownerRequest.id, address_id: ownerAddressIds[0] }),
          ],
          [
            'edit_items',
            () => ({
              request_id: ownerRequest.id,
              items_array: [{ name: 'Not yours', quantity: 1 }],
            }),
          ],
          [
            'edit_extra_item',
            () => ({
              request_id: ownerRequest.id,
              items_array: [{ name: 'Not yours', quantity: 1 }],
            }),
          ],
        ] as const
      ).map(([name, body]) => [
        `POST ${prefix}/${name}`,
        {
          body,
          check: async (res: Answer) => {
            expect(res.statusCode).toBe(404);
            expect(await ownerEditables()).toEqual(ownerEditablesBefore);
          },
        },
      ]),
    ),
  ),
  'POST /app_api/get_comments': {
    body: () => ({ request_id: ownerRequest.id }),
    check: async (res) => {
      expect(res.statusCode).toBe(404);
    },
  },
  'POST /api/customer/request_timeline': {
    body: () => ({ request_id: ownerRequest.id }),
    check: async (res) => {
      expect(res.statusCode).toBe(404);
    },
  },
  'POST /api/customer/delete_request': {
    body: () => ({ request_id: ownerRequest.id }),
    check: async (res) => {
      expect(res.statusCode).toBe(404);
      expect((await ownerRow())?.requestStatus).toBe(0);
    },
  },
  'POST /app_api/add_comments': {
    body: () => ({ request_id: ownerRequest.id, comment: 'Not yours' }),
    check: async (res) => {
      expect(res.statusCode).toBe(404);
      const rows = await ctx.database.db
        .select()
        .from(requestComments)
        .where(eq(requestComments.requestId, ownerRequest.id));
      expect(rows).toEqual([]);
    },
  },
  'POST /api/customer/detail_of_bided_companies': {
    body: () => ({ request_id: ownerRequest.id }),
    check: async (res) => {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(company.email);
    },
  },
  'POST /api/customer/delete_bid': {
    body: () => ({ request_id: ownerRequest.id, company_id: company.id }),
    check: async (res) => {
      expect(res.statusCode).toBe(404);
      expect(await ownerBidStatus()).toBe(BidStatus.open);
    },
  },
  'PUT /api/customer/accept_request': {
    body: () => ({ request_id: ownerRequest.id, company_id: company.id, final_amount: 450 }),
    check: async (res) => {
      expect(res.statusCode).toBe(404);
      expect(await ownerBidStatus()).toBe(BidStatus.open);
      const [row] = await ctx.database.db
        .select()
        .from(requests)
        .where(eq(requests.id, ownerRequest.id));
      expect(row?.timelineStatus).toBe(TimelineStatus.pendingAcceptance);
    },
  },
  'POST /api/customer/end_move_confirmation': {
    body: () => ({ request_id: ownerRequest.id }),
    check: async (res) => {
      expect(res.statusCode).toBe(404);
      expect((await ownerRow())?.timelineStatus).toBe(TimelineStatus.pendingAcceptance);
    },
  },
  'POST /app_api/add_feedback': {
    body: () => ({ request_id: ownerRequest.id, rating: 5, comment: 'Not yours', tip: 0 }),
    check: async (res) => {
      expect(res.statusCode).toBe(404);
      expect((await ownerRow())?.timelineStatus).toBe(TimelineStatus.pendingAcceptance);
    },
  },
  'POST /api/customer/make_payment': {
    body: () => ({ request_id: ownerRequest.id, price: 463.7 }),
    check: async (res) => {
      expect(res.statusCode).toBe(404);
      expect((await ownerRow())?.timelineStatus).toBe(TimelineStatus.pendingAcceptance);
      const held = await ctx.database.db
        .select()
        .from(payments)
        .where(eq(payments.requestId, ownerRequest.id));
      expect(held).toEqual([]);
    },
  },
  ...Object.fromEntries(
    [
      'change_price_date_time_movers_confirmation',
      'change_address_confirmation',
      'change_item_confirmation',
      'change_extra_item_confirmation',
    ].map((call) => [
      `POST /api/customer/${call}`,
      {
        body: () => ({ request_id: wonRequestId, status: '1', price: 10 }),
        check: async (res: Answer) => {
          expect(res.statusCode).toBe(404);
          expect(await ownerChangesPending()).toBe(true);
          expect((await requestRow(wonRequestId)).finalAmountCents).toBe(
            wonRequest.finalAmountCents,
          );
        },
      },
    ]),
  ),
  'POST /api/company/get_confirmation_letter': {
    body: () => ({ request_id: ownerRequest.id }),
    check: async (res) => {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(ownerRequest.publicAccessLink);
    },
  },
  'POST /api/company/attach_signature_make_confirmation_letter_pdf': {
    // A PNG's first bytes are enough to get past the shape check; the owner check answers first.
    body: () => ({
      request_id: ownerRequest.id,
      signature_path: `data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==`,
    }),
    check: async (res) => {
      expect(res.statusCode).toBe(404);
      expect((await ownerRow())?.additionalStatus).toBe(0);
    },
  },
  'POST /app_api/get_tracking': {
    body: () => ({ request_id: ownerRequest.id }),
    check: async (res) => {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('tracking_data');
    },
  },
  'GET /api/customer/profile_customer': {
    body: () => ({}),
    check: async (res) => {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ profile: { id: stranger.id } });
      expect(res.body).not.toContain(owner.email);
    },
  },
};

type Answer = Awaited<ReturnType<typeof ctx.app.inject>>;

const ownerRow = () => requestRow(ownerRequest.id);

// --- the tests ------------------------------------------------------------------------------

describe('the route table', () => {
  it('names every registered route, and every name is a route', () => {
    const keys = [...new Set(registered.map(keyOf))].sort();
    expect(keys.filter((k) => !(k in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it("states each route's access as its config.auth declares it", () => {
    const declared = Object.fromEntries(registered.map((r) => [keyOf(r), accessOf(r.auth)]));
    expect(declared).toEqual(ROUTES);
  });
});

const matrix = registered.flatMap((route) =>
  CELLS.map((cell) => ({
    route,
    cell,
    want: expected(accessOf(route.auth), cell),
  })),
);

describe.each(matrix.map((m) => [`${m.route.method} ${m.route.url}`, m] as const))(
  '%s',
  (_name, { route, cell, want }) => {
    it(`${cell} → ${want === 'through' ? 'let through' : want}`, async () => {
      const token = await tokenFor(cell);
      const owned = cell === "another customer's" ? OWNED[keyOf(route)] : undefined;
      // A body that would fail validation: authentication must answer before it is read.
      const body = owned?.body() ?? {};
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: route.url.replace('*', 'x') + (owned?.query?.() ?? ''),
        headers: token ? { 'x-sh-auth': token } : {},
        ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: body }),
      });
      const answer = `${route.method} ${route.url} × ${cell}: ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (want === 'through') {
        expect(res.statusCode, answer).toBeLessThan(500);
        expect([401, 403], answer).not.toContain(res.statusCode);
        if (owned && route.method !== 'HEAD') await owned.check(res);
      } else {
        expect(res.statusCode, answer).toBe(want);
        if (route.method !== 'HEAD') {
          expect(res.json(), answer).toMatchObject({ code: want });
          if (want === 401) expect(res.json()).toEqual({ code: 401, message: MSG.unauthorized });
        }
      }
    });
  },
);
