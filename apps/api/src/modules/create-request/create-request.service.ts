import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import {
  CLAIM_TOKEN_TTL_HOURS,
  DIRECT_DEDUPE_MINUTES,
  MOVE_DATE_CUTOFF_HOUR,
  moveDayRefusal,
  MSG,
  specDateToIso,
  payloadWindow,
  pickUpZipOf,
  toCents,
  UserType,
  zonedNow,
  type DirectLinkProfile,
  type GenerateDirectRequestInput,
  type GenerateRequestInput,
  type ZonedTime,
} from '@movehub/shared';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Tx } from '../../db/client';
import { lockName } from '../../db/locks';
import {
  companyDirectLinks,
  companyProfiles,
  moveTypes,
  requestAddresses,
  requestClaims,
  requests,
  requestTimeline,
  users,
} from '../../db/schema';
import { minutesAgo, minutesFromNow } from '../../db/time';
import { AppError } from '../../errors';
import { fingerprint } from '../../lib/fingerprint';
import { hashToken, newToken } from '../../lib/tokens';
import { assertServedZip } from '../catalogue/catalogue.service';
import { oncePerKey } from '../idempotency/idempotency.service';
import type { Domain } from '../../domain/context';
import { runWithEvents } from '../../domain/request/command';
import {
  addressColumns,
  assertCatalogueItems,
  estimateMove,
  insertRequestItems,
} from '../../domain/request/details';
import type { DomainEvent, Notice } from '../../platform/events/events';
import { claimRequestLink, directRequestMessage, viewRequestLink } from './create-request.messages';

export const REQUEST_CREATED_TITLE = 'Request created';
export const REQUEST_CREATED_MESSAGE = 'Request sent to moving companies.';
export const PAST_DATE_MESSAGE = 'The move date cannot be in the past.';
/** Ours: spec §5 "tomorrow from hour 22" names no text. */
export const CUTOFF_DATE_MESSAGE = `From ${MOVE_DATE_CUTOFF_HOUR}:00 the earliest move date is tomorrow.`;

export const customerNotice = (id: number) =>
  `Your move request #${id} was sent to moving companies.`;
export const companyNotice = (id: number, name: string) =>
  `New move request #${id} from ${name} through your direct link.`;

type CommonInput = Omit<GenerateRequestInput, 'request_type' | 'customer_budget'> & {
  customer_budget?: number | null | undefined;
};

/** The link's company and the profile the wizard shows for it. */
export interface DirectLink {
  /** The link's row: the request records it (direct_link_id). */
  id: number;
  companyId: number;
  companyName: string;
  companyPhone: string | null;
  /** The company itself, or the sales-team member who made the link. */
  createdBy: { id: number; userType: number };
  profile: DirectLinkProfile;
}

/** An active link of a company with a profile, or 400 'Company direct link is invalid.' */
export async function findDirectLink(opts: { db: Tx; link: string }): Promise<DirectLink> {
  const [row] = await opts.db
    .select({ link: companyDirectLinks, company: companyProfiles, creator: users })
    .from(companyDirectLinks)
    .innerJoin(companyProfiles, eq(companyProfiles.userId, companyDirectLinks.companyId))
    .innerJoin(users, eq(users.id, companyDirectLinks.createdByUserId))
    .where(and(eq(companyDirectLinks.link, opts.link), eq(companyDirectLinks.isActive, true)))
    .limit(1);
  const [company] = row
    ? await opts.db
        .select({ userType: users.userType })
        .from(users)
        .where(eq(users.id, row.link.companyId))
        .limit(1)
    : [];
  if (!row || company?.userType !== UserType.company) {
    throw AppError.badRequest(MSG.directLinkInvalid);
  }
  const { creator } = row;
  const bySales = creator.userType === UserType.salesTeam;
  if (!bySales && creator.id !== row.link.companyId) {
    throw AppError.badRequest(MSG.directLinkInvalid);
  }
  return {
    id: row.link.id,
    companyId: row.link.companyId,
    companyName: row.company.name,
    companyPhone: row.company.phone,
    createdBy: { id: creator.id, userType: creator.userType },
    // The page title and logo are the company's on either kind of link (spec §6); the id,
    // picture and user_type are the link maker's, so the wizard picks the sale_team path.
    profile: {
      id: creator.id,
      name: row.company.name,
      thumbnail: row.company.profilePicture,
      profile_picture: bySales
        ? (creator.profilePicture ?? row.company.profilePicture)
        : row.company.profilePicture,
      user_type: creator.userType,
    },
  };
}

/**
 * 'MM-DD-YYYY' to the database's 'YYYY-MM-DD', refused before the earliest move date of spec §5
 * (today, or tomorrow from 22:00). `now` is the service area's wall clock, not the host's: the
 * customers are in one zone (Los Angeles County), so no day of slack is needed for them.
 */
function moveDateOf(sDate: string, now: ZonedTime): string {
  const date = specDateToIso(sDate);
  if (!date) throw AppError.badRequest(PAST_DATE_MESSAGE);
  const refusal = moveDayRefusal(date, now);
  if (refusal === 'past') throw AppError.badRequest(PAST_DATE_MESSAGE);
  if (refusal === 'cutoff') throw AppError.badRequest(CUTOFF_DATE_MESSAGE);
  return date;
}

/**
 * Writes a request with its addresses, items, photos and first timeline entry, and tells the
 * customer (and, for a direct request, the company). Call it inside a transaction: the checks
 * and the writes commit together or not at all. A direct request has no customer yet: the
 * customer hears of it when it joins their account (request-claims.service).
 */
async function insertRequest(opts: {
  tx: Tx;
  /** Records the request's event, dispatched after the commit. */
  emit: (event: DomainEvent) => void;
  /** The service area's IANA time zone (config SERVICE_TIME_ZONE): its clock judges the date. */
  timeZone: string;
  customerId: number | null;
  body: CommonInput;
  direct?: {
    companyId: number;
    linkId: number;
    contact: { firstName: string; lastName: string; email: string; phone: string };
    createdByUserId: number | null;
    submissionHash: string;
  };
}): Promise<{ id: number; publicAccessLink: string }> {
  const { tx, body, direct } = opts;
  const moveDate = moveDateOf(body.s_date, zonedNow(new Date(), opts.timeZone));
  const [moveType] = await tx
    .select({ name: moveTypes.name })
    .from(moveTypes)
    .where(eq(moveTypes.id, body.move_type))
    .limit(1);
  if (!moveType) throw AppError.badRequest(MSG.selectMoveSize);
  // spec §5: the service-area check applies to marketplace requests; a company's own customers
  // may live anywhere it chooses to serve.
  if (!direct) {
    for (const address of body.address_array) {
      await assertServedZip({ db: tx, zipCode: address.zip_code });
    }
  }
  await assertCatalogueItems({ db: tx, items: body.items_array });

  const estimate = estimateMove({
    addresses: body.address_array,
    items: body.items_array,
    movers: body.movers,
    moveTypeName: moveType.name,
  });
  // The schema has checked it (grid, 'From' before 'To', present): the bounds, else s_time's.
  const window = payloadWindow(body);

  const [request] = await tx
    .insert(requests)
    .values({
      customerId: opts.customerId,
      requestType: direct ? 1 : 0,
      companyId: direct?.companyId ?? null,
      moveDate,
      moveTime: body.s_time,
      windowFrom: window?.from ?? null,
      windowTo: window?.to ?? null,
      moveTypeId: body.move_type,
      movers: body.movers,
      netDistanceMiles: estimate.miles,
      pickUpZip: pickUpZipOf(body.address_array),
      recommendAmountCents: estimate.recommendAmountCents,
      customerBudgetCents: body.customer_budget == null ? null : toCents(body.customer_budget),
      finalComment: body.final_comment,
      // 192 random bits: the link opens the request without a session (view-request).
      publicAccessLink: randomBytes(24).toString('base64url'),
      scheduleTime: body.schedule_time,
      contactFirstName: direct?.contact.firstName ?? null,
      contactLastName: direct?.contact.lastName ?? null,
      contactEmail: direct?.contact.email ?? null,
      contactPhone: direct?.contact.phone ?? null,
      createdByUserId: direct?.createdByUserId ?? null,
      directLinkId: direct?.linkId ?? null,
      submissionHash: direct?.submissionHash ?? null,
    })
    .returning({ id: requests.id, publicAccessLink: requests.publicAccessLink });
  if (!request) throw new Error('insertRequest inserted nothing');

  await tx.insert(requestAddresses).values(
    body.address_array.map((a, position) => ({
      requestId: request.id,
      position,
      addressType: a.address_type,
      ...addressColumns(a),
    })),
  );
  await insertRequestItems({ tx, requestId: request.id, items: body.items_array });

  await tx
    .insert(requestTimeline)
    .values({ requestId: request.id, activityTitle: REQUEST_CREATED_TITLE });
  const notices: Notice[] = [];
  if (opts.customerId !== null) {
    notices.push({ userId: opts.customerId, message: customerNotice(request.id) });
  }
  if (direct) {
    const name = `${direct.contact.firstName} ${direct.contact.lastName}`;
    notices.push({ userId: direct.companyId, message: companyNotice(request.id, name) });
  }
  // After the commit: the consoles of the companies in its area hear of a marketplace request,
  // and the demo companies answer it.
  opts.emit({
    type: 'request.created',
    requestId: request.id,
    notices,
    data: { marketplace: !direct },
  });
  return request;
}

export interface CreatedRequest {
  id: number;
  publicAccessLink: string;
  phone: string | null;
}

/**
 * generate_request: a marketplace request of a signed-in customer. A repeat of the call with the
 * same Idempotency-Key (a double click, a retry after a lost answer) gets the first answer.
 */
export async function generateRequest(opts: {
  domain: Domain;
  customer: { id: number; phone: string | null };
  body: GenerateRequestInput;
  idempotencyKey?: string | undefined;
}): Promise<CreatedRequest> {
  const { customer } = opts;
  return runWithEvents(opts.domain, (tx, emit) =>
    oncePerKey({
      tx,
      scope: `generate_request:${customer.id}`,
      key: opts.idempotencyKey,
      body: opts.body,
      run: async () => {
        const created = await insertRequest({
          tx,
          emit,
          timeZone: opts.domain.timeZone,
          customerId: customer.id,
          body: opts.body,
        });
        return { ...created, phone: customer.phone };
      },
    }),
  );
}

/**
 * generate_request_by_customer (company link) and its sale_team twin: a direct request through a
 * company's link, made without a token. The caller proves nothing, so the request touches no
 * account: it goes to the company's queue with the contact details on the request itself, and
 * the contact email gets the public link and a single-use confirmation link ("Is this your
 * request?") that alone attaches it to that email's account (request-claims.service). The
 * sale_team path takes only a link made by a sales-team member and records that member as the
 * request's author. An identical submit (same path, link, contact and payload) within
 * DIRECT_DEDUPE_MINUTES answers with the first request and sends no second email.
 */
export async function generateDirectRequest(opts: {
  domain: Domain;
  mailer: Mailer;
  /** The site's public URL (config PUBLIC_URL): the emailed links never come from the request. */
  publicUrl: string;
  body: GenerateDirectRequestInput;
  salesTeam: boolean;
  idempotencyKey?: string | undefined;
}): Promise<CreatedRequest> {
  const { body } = opts;
  const link = await findDirectLink({ db: opts.domain.db, link: body.direct_access_link });
  const bySales = link.createdBy.userType === UserType.salesTeam;
  if (opts.salesTeam && !bySales) throw AppError.badRequest(MSG.directLinkInvalid);
  const email = body.email.toLowerCase();
  const phone = (body.phone_number ?? body.customer_phone_number) as string;
  const contact = { firstName: body.first_name, lastName: body.last_name, email, phone };
  const path = opts.salesTeam ? 'sale_team' : 'company';
  const submissionHash = fingerprint({ path, ...body, email });
  return runWithEvents(opts.domain, (tx, emit) =>
    oncePerKey({
      tx,
      scope: `generate_request_by_customer:${path}`,
      key: opts.idempotencyKey,
      body: { ...body, email },
      run: async () => {
        // Two identical submits at once: the second waits here and then finds the first.
        await lockName(tx, `direct-submit:${submissionHash}`);
        const [same] = await tx
          .select({ id: requests.id, publicAccessLink: requests.publicAccessLink })
          .from(requests)
          .where(
            and(
              eq(requests.submissionHash, submissionHash),
              gt(requests.createdAt, minutesAgo(DIRECT_DEDUPE_MINUTES)),
            ),
          )
          .orderBy(desc(requests.id))
          .limit(1);
        if (same) return { ...same, phone: link.companyPhone };
        // The company may have disabled the link since it was read: the row lock orders this
        // submit with set_direct_link_active, so a disabled link never brings a request.
        const [live] = await tx
          .select({ id: companyDirectLinks.id })
          .from(companyDirectLinks)
          .where(and(eq(companyDirectLinks.id, link.id), eq(companyDirectLinks.isActive, true)))
          .for('share');
        if (!live) throw AppError.badRequest(MSG.directLinkInvalid);
        const created = await insertRequest({
          tx,
          emit,
          timeZone: opts.domain.timeZone,
          customerId: null,
          body,
          direct: {
            companyId: link.companyId,
            linkId: link.id,
            contact,
            createdByUserId: bySales && opts.salesTeam ? link.createdBy.id : null,
            submissionHash,
          },
        });
        const token = newToken();
        await tx.insert(requestClaims).values({
          requestId: created.id,
          email,
          tokenHash: hashToken(token),
          expiresAt: minutesFromNow(CLAIM_TOKEN_TTL_HOURS * 60),
        });
        // Written in the transaction: the email exists only if the request does.
        await opts.mailer.send(
          directRequestMessage({
            to: email,
            name: contact.firstName,
            companyName: link.companyName,
            requestId: created.id,
            viewLink: viewRequestLink(opts.publicUrl, created.publicAccessLink),
            claimLink: claimRequestLink(opts.publicUrl, token),
          }),
          { db: tx },
        );
        // The congratulations page points the customer to the company that will handle the move.
        return { ...created, phone: link.companyPhone };
      },
    }),
  );
}
