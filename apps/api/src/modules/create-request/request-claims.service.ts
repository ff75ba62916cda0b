import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  discountedCents,
  MSG,
  publicRequestPageSchema,
  showsCompanyInfo,
  showsCrew,
  toDollars,
  type ClaimResult,
  type PublicRequest,
  type PublicRequestDetail,
} from '@movehub/shared';
import type { Db, Tx } from '../../db/client';
import { lockName } from '../../db/locks';
import { requestClaims, requests, users } from '../../db/schema';
import { AppError } from '../../errors';
import { hashPassword } from '../../lib/password';
import { hashToken } from '../../lib/tokens';
import { createSession } from '../auth/auth.service';
import { canSignIn, findCustomerByEmail, insertCustomer } from '../accounts/customers.queries';
import { toSessionUser } from '../customers/customers.wire';
import {
  REQUEST_DETAIL,
  toForeman,
  toListAddress,
  toRequestSummary,
  toServerAddress,
  toServerItems,
  timelinePage,
  toTruck,
} from '../../domain/request/read-model';
import { centsToDollars } from '../../lib/wire';
import { commentThreadPage } from '../comments/comments.service';
import type { Domain } from '../../domain/context';
import { runWithEvents } from '../../domain/request/command';
import { customerNotice } from './create-request.service';

/** The request of a public link with all it holds (the read model's REQUEST_DETAIL). */
const requestByLink = (db: Db, publicAccessLink: string) =>
  db.query.requests.findFirst({
    where: eq(requests.publicAccessLink, publicAccessLink),
    ...REQUEST_DETAIL,
  });
type PublicDetailRow = NonNullable<Awaited<ReturnType<typeof requestByLink>>>;

/**
 * request_detail_by_request_link (spec §7): the request its public link names, as anyone holding
 * the link may see it (no contact details, no customer). While the request is in nobody's account
 * (an unclaimed direct request, whose only reader is whoever the link was sent to) it shows what
 * the request detail shows its customer (`detail`). Once the request is in a customer's account
 * (a claimed direct request, a marketplace request) the link shows only what the public page
 * shows, the rest being the account's (decision 037). 400 for an unknown link.
 */
export async function publicRequestByLink(opts: {
  db: Db;
  publicAccessLink: string;
}): Promise<PublicRequest & { id: number }> {
  const row = await requestByLink(opts.db, opts.publicAccessLink);
  if (!row) throw AppError.badRequest(MSG.requestLinkInvalid);
  const view: PublicRequest = {
    request: toRequestSummary(row),
    request_address: row.addresses.map(toListAddress),
    company_profile: row.company ? { name: row.company.name } : null,
    company_phone: row.company?.phone ?? null,
  };
  // The page's schema keeps its own fields and drops every other.
  const shown =
    row.customerId === null
      ? { ...view, detail: toPublicRequestDetail(row) }
      : publicRequestPageSchema.parse(view);
  return { id: row.id, ...shown };
}

/**
 * The request detail as its link holder sees it (publicRequestDetailSchema): as the customer's
 * own detail shows it (company contact once it took the move, crew from status 4), without the
 * contact details, chat, receipts or bids.
 */
function toPublicRequestDetail(r: PublicDetailRow): PublicRequestDetail {
  const finalCents = r.finalAmountCents;
  const crew = showsCrew(r.timelineStatus);
  const items = toServerItems(r.items);
  return {
    request: {
      move_type: r.moveType?.name ?? null,
      net_distance: r.netDistanceMiles,
      total_discount:
        finalCents == null || r.discountPercent <= 0
          ? null
          : toDollars(finalCents - discountedCents(finalCents, r.discountPercent)),
      payment_method: r.paymentMethod,
      rate_method: r.rateMethod,
      cash_payment_rate: centsToDollars(r.cashPaymentRateCents),
      card_payment_rate: centsToDollars(r.cardPaymentRateCents),
      minimum_hours: r.minimumHours,
      cash_min_flat_rate: centsToDollars(r.cashMinFlatRateCents),
      cash_max_flat_rate: centsToDollars(r.cashMaxFlatRateCents),
      card_min_flat_rate: centsToDollars(r.cardMinFlatRateCents),
      card_max_flat_rate: centsToDollars(r.cardMaxFlatRateCents),
    },
    request_address: r.addresses.map(toServerAddress),
    request_item: items.request_item,
    extra_request_items: items.extra_request_items,
    // The newest pages only: the link's holder has no call for older ones.
    request_timeline: timelinePage(r.timeline).entries,
    comments_array: commentThreadPage(r.comments).threads,
    company:
      r.company && showsCompanyInfo(r.timelineStatus)
        ? {
            name: r.company.name,
            company_phone: r.company.phone,
            company_email: r.company.email,
            address: r.company.address,
          }
        : null,
    get_foreman_of_company: crew && r.foreman ? toForeman(r.foreman) : null,
    truck_array: crew ? r.trucks.map(toTruck) : [],
    additional_status: r.additionalStatus,
    // 1 once the customer's feedback is recorded (spec §4: 8 with status 0 is shown as 7).
    status: r.review ? 1 : 0,
    confirmation_letter_pdf: r.letterPdfUrl,
  };
}

/** The live (unused, unexpired) claim of a token, or null. */
async function liveClaim(db: Tx, token: string, forUpdate: boolean) {
  const query = db
    .select({
      id: requestClaims.id,
      requestId: requestClaims.requestId,
      email: requestClaims.email,
      publicAccessLink: requests.publicAccessLink,
      customerId: requests.customerId,
      firstName: requests.contactFirstName,
      lastName: requests.contactLastName,
    })
    .from(requestClaims)
    .innerJoin(requests, eq(requests.id, requestClaims.requestId))
    .where(
      and(
        eq(requestClaims.tokenHash, hashToken(token.trim())),
        isNull(requestClaims.usedAt),
        gt(requestClaims.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: requestClaims }) : await query;
  return row ?? null;
}

/**
 * The confirmation link of a direct request ("Is this your request? Yes"). The token proves the
 * contact email, so the request joins that email's customer, who is told of it then (and not
 * before), and a session of that customer is opened. An email without a usable account needs a
 * new password: the account is created (or, for a password-less account left by an earlier
 * version, taken over) with it, and without the request's phone, which nobody has verified.
 * The token is spent by the claim; a refused claim (no password yet) spends nothing.
 */
export async function claimRequest(opts: {
  domain: Domain;
  token: string;
  password?: string | undefined;
  ttlDays: number;
  /** The request the caller is looking at: a claim token of another request proves nothing. */
  requestId?: number;
}): Promise<ClaimResult> {
  // Checked before hashing: a dead link costs no scrypt work (and no session).
  const peek = await liveClaim(opts.domain.db, opts.token, false);
  if (!peek || (opts.requestId !== undefined && peek.requestId !== opts.requestId)) {
    throw AppError.badRequest(MSG.claimLinkInvalid);
  }
  const passwordHash = opts.password ? await hashPassword(opts.password) : null;
  return runWithEvents(opts.domain, async (tx, emit): Promise<ClaimResult> => {
    // One account per email: a claim and a sign-up of the same email at once create it once.
    await lockName(tx, `email:${peek.email}`);
    const claim = await liveClaim(tx, opts.token, true);
    if (!claim || claim.requestId !== peek.requestId)
      throw AppError.badRequest(MSG.claimLinkInvalid);
    const unclaimed = {
      request_id: claim.requestId,
      public_access_link: claim.publicAccessLink,
      claimed: false,
      auth_token: null,
      user: null,
    };
    let customer = await findCustomerByEmail({ db: tx, email: claim.email });
    if (!customer || !(await canSignIn({ db: tx, user: customer }))) {
      if (!passwordHash) return { ...unclaimed, needs_password: true };
      if (customer) {
        const [updated] = await tx
          .update(users)
          .set({ passwordHash, phone: null, loginBy: 'app', updatedAt: sql`now()` })
          .where(eq(users.id, customer.id))
          .returning();
        customer = updated ?? null;
      } else {
        customer = await insertCustomer({
          db: tx,
          values: {
            email: claim.email,
            passwordHash,
            firstName: claim.firstName ?? '',
            lastName: claim.lastName ?? '',
            phone: null,
            loginBy: 'app',
          },
        });
      }
      if (!customer) throw new Error('claimRequest found no customer to update');
    }
    await tx
      .update(requestClaims)
      .set({ usedAt: sql`now()` })
      .where(eq(requestClaims.id, claim.id));
    // A request already in an account stays there: the link then only signs its owner in.
    if (claim.customerId === null) {
      await tx
        .update(requests)
        .set({ customerId: customer.id, updatedAt: sql`now()` })
        .where(and(eq(requests.id, claim.requestId), isNull(requests.customerId)));
      emit({
        type: 'request.claimed',
        requestId: claim.requestId,
        notices: [{ userId: customer.id, message: customerNotice(claim.requestId) }],
      });
    } else if (claim.customerId !== customer.id) {
      throw AppError.badRequest(MSG.claimLinkInvalid);
    }
    const token = await createSession({ db: tx, userId: customer.id, ttlDays: opts.ttlDays });
    return {
      ...unclaimed,
      claimed: true,
      needs_password: false,
      auth_token: token,
      user: toSessionUser(customer),
    };
  });
}
