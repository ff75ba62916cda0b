import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import {
  formatUsd,
  isDirectRequest,
  RequestStatus,
  TimelineStatus,
  toCents,
  toSpecDate,
  UserType,
  type PaymentMethod,
  type RateMethod,
} from '@movehub/shared';
import type { Storage } from '../../adapters/storage/storage';
import type { Db, Tx } from '../../db/client';
import {
  companyProfiles,
  requestAddresses,
  requests,
  requestTimeline,
  users,
} from '../../db/schema';
import { AppError } from '../../errors';
import {
  lockRequest,
  moveRequest,
  REQUEST_NOT_FOUND,
  type Actor,
  type RequestRow,
} from '../../domain/request/lifecycle';
import { companyName } from '../moves/moves.service';
import { notify } from '../notifications/notifications.service';
import { enqueueMessage } from '../outbox/outbox.service';
import { makeLetterPdf, signaturePng } from './letter.pdf';
import { DEFAULT_LETTER_TEMPLATE, fillLetter, letterParagraphs } from './letter.template';

/*
 * The confirmation letter of a direct request (spec §2 "Confirmation letter signing", §4 status
 * 3 with additional_status 0 → 1; decision 016). The company sends it with its rates
 * (0 → 3, the direct request's way past bids and escrow); the customer, or whoever holds the
 * request's public link, reads it and signs; the signed PDF goes to the storage adapter and the
 * request moves to additional_status 1, after which its move day may be assigned.
 */

export const LETTER_TEXT = {
  notDirect: 'A confirmation letter is sent for direct requests only.',
  notSent: 'The confirmation letter of this request has not been sent yet.',
  alreadySigned: 'The confirmation letter of this request has already been signed.',
  cancelled: 'This request has been cancelled.',
  sent: 'The confirmation letter has been sent to the customer.',
  signed: 'The confirmation letter has been signed.',
  timelineSent: 'Confirmation letter sent',
  timelineSigned: 'Confirmation letter signed',
  customerNotice: (company: string, requestId: number) =>
    `${company} sent the confirmation letter of your move #${requestId}. Please confirm and sign it to proceed with the move.`,
  companyNotice: (signer: string, requestId: number) =>
    `${signer} signed the confirmation letter of request #${requestId}. You can assign the move now.`,
  emailSubject: (requestId: number) => `Your move confirmation letter (request #${requestId})`,
  emailBody: (name: string, company: string, requestId: number, link: string) =>
    `Hello ${name},\n\n${company} has confirmed your move (request #${requestId}) and sent its confirmation letter with the rates. Please read and sign it here:\n\n${link}\n\nIf you did not ask for this move, you can ignore this email.`,
} as const;

/** The rates a company sends, in cents (hours as a number). */
export interface LetterRates {
  rateMethod: RateMethod;
  paymentMethod: PaymentMethod | null;
  cashPaymentRateCents: number | null;
  cardPaymentRateCents: number | null;
  minimumHours: number | null;
  cashMinFlatRateCents: number | null;
  cashMaxFlatRateCents: number | null;
  cardMinFlatRateCents: number | null;
  cardMaxFlatRateCents: number | null;
}

/** The wire's rates (dollars, optional) as the columns hold them. */
export function ratesOf(body: {
  rate_method: RateMethod;
  payment_method?: PaymentMethod | undefined;
  cash_payment_rate?: number | undefined;
  card_payment_rate?: number | undefined;
  minimum_hours?: number | undefined;
  cash_min_flat_rate?: number | undefined;
  cash_max_flat_rate?: number | undefined;
  card_min_flat_rate?: number | undefined;
  card_max_flat_rate?: number | undefined;
}): LetterRates {
  const cents = (v: number | undefined) => (v === undefined ? null : toCents(v));
  const hourly = body.rate_method === 'Hourly';
  // Only the fields of the chosen method are kept: a letter never shows both.
  return {
    rateMethod: body.rate_method,
    paymentMethod: body.payment_method ?? null,
    cashPaymentRateCents: hourly ? cents(body.cash_payment_rate) : null,
    cardPaymentRateCents: hourly ? cents(body.card_payment_rate) : null,
    minimumHours: hourly ? (body.minimum_hours ?? null) : null,
    cashMinFlatRateCents: hourly ? null : cents(body.cash_min_flat_rate),
    cashMaxFlatRateCents: hourly ? null : cents(body.cash_max_flat_rate),
    cardMinFlatRateCents: hourly ? null : cents(body.card_min_flat_rate),
    cardMaxFlatRateCents: hourly ? null : cents(body.card_max_flat_rate),
  };
}

const usd = (cents: number | null) => (cents === null ? 'N/A' : formatUsd(cents));

/** spec §2: Cash Hour Rate, Card Hour Rate, Minimum Hours; or Cash/Card Flat Rate as min - max. */
export function rateLines(r: LetterRates): string[] {
  if (r.rateMethod === 'Hourly') {
    return [
      `Cash Hour Rate: ${usd(r.cashPaymentRateCents)}`,
      `Card Hour Rate: ${usd(r.cardPaymentRateCents)}`,
      `Minimum Hours: ${r.minimumHours ?? 'N/A'}`,
    ];
  }
  return [
    `Cash Flat Rate: ${usd(r.cashMinFlatRateCents)} - ${usd(r.cashMaxFlatRateCents)}`,
    `Card Flat Rate: ${usd(r.cardMinFlatRateCents)} - ${usd(r.cardMaxFlatRateCents)}`,
  ];
}

const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');

/** The customer's name on a direct request: as entered, else the account's. */
async function customerNameOf(db: Db | Tx, request: RequestRow): Promise<string> {
  const entered = fullName(request.contactFirstName, request.contactLastName);
  if (entered) return entered;
  if (request.customerId === null) return 'Customer';
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, request.customerId))
    .limit(1);
  return fullName(user?.firstName, user?.lastName) || 'Customer';
}

/** The company's letter filled with the request's details and these rates, sanitised. */
async function composeLetter(tx: Tx, request: RequestRow, rates: LetterRates): Promise<string> {
  const companyId = request.companyId as number;
  const [profile] = await tx
    .select({
      template: companyProfiles.letterTemplate,
      phone: companyProfiles.phone,
      email: companyProfiles.email,
    })
    .from(companyProfiles)
    .where(eq(companyProfiles.userId, companyId))
    .limit(1);
  const addresses = await tx
    .select({ type: requestAddresses.addressType, address: requestAddresses.completeAddress })
    .from(requestAddresses)
    .where(eq(requestAddresses.requestId, request.id))
    .orderBy(asc(requestAddresses.position));
  const moveType = request.moveTypeId
    ? await tx.query.moveTypes.findFirst({
        where: (t, { eq: is }) => is(t.id, request.moveTypeId as number),
        columns: { name: true },
      })
    : undefined;
  return fillLetter(profile?.template ?? DEFAULT_LETTER_TEMPLATE, {
    customer_name: await customerNameOf(tx, request),
    move_date: toSpecDate(request.moveDate),
    move_time:
      request.moveTime ??
      (request.windowFrom && request.windowTo
        ? `${request.windowFrom} - ${request.windowTo}`
        : 'N/A'),
    move_type: moveType?.name ?? 'N/A',
    addresses: addresses.map((a) => `${a.type === 1 ? 'Pick-up' : 'Drop-off'}: ${a.address}`),
    movers: request.movers === null ? 'N/A' : String(request.movers),
    rate_lines: rateLines(rates),
    payment_method: rates.paymentMethod ?? 'Cash or card',
    company_name: await companyName(tx, companyId),
    company_phone: profile?.phone ?? 'N/A',
    company_email: profile?.email ?? 'N/A',
    request_id: String(request.id),
  });
}

/**
 * send_confirmation_letter: the company sets a direct request's rates and sends its letter.
 * From 0 the request moves to 3 with additional_status 0; a letter not signed yet (3 and 0) may
 * be sent again with new rates, without a move. 404 for a request that is not the company's,
 * 422 for a request that is not direct, 409 once signed, cancelled or moved on.
 */
export async function sendConfirmationLetter(opts: {
  db: Db;
  log: FastifyBaseLogger;
  publicUrl: string;
  companyId: number;
  requestId: number;
  rates: LetterRates;
}): Promise<RequestRow> {
  const actor: Actor = { type: 'company', userId: opts.companyId };
  return opts.db.transaction(async (tx) => {
    const request = await lockRequest(tx, opts.requestId);
    if (!request || request.companyId !== opts.companyId) {
      throw AppError.notFound(REQUEST_NOT_FOUND);
    }
    if (!isDirectRequest({ request_type: request.requestType })) {
      throw AppError.unprocessable(LETTER_TEXT.notDirect);
    }
    if (request.requestStatus === RequestStatus.cancelled) {
      throw AppError.conflict(LETTER_TEXT.cancelled);
    }
    const html = await composeLetter(tx, request, opts.rates);
    const set = {
      ...opts.rates,
      letterHtml: html,
      letterSentAt: new Date(),
      additionalStatus: 0,
    };
    let updated: RequestRow;
    const resend =
      request.timelineStatus === TimelineStatus.paid &&
      request.additionalStatus === 0 &&
      request.letterHtml !== null;
    if (resend) {
      const [row] = await tx
        .update(requests)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(requests.id, request.id))
        .returning();
      updated = row as RequestRow;
      await tx
        .insert(requestTimeline)
        .values({ requestId: request.id, activityTitle: LETTER_TEXT.timelineSent });
    } else {
      if (request.timelineStatus === TimelineStatus.paid && request.additionalStatus === 1) {
        throw AppError.conflict(LETTER_TEXT.alreadySigned);
      }
      updated = await moveRequest(tx, {
        request,
        action: 'sendLetter',
        actor,
        title: LETTER_TEXT.timelineSent,
        set,
      });
    }
    const company = await companyName(tx, opts.companyId);
    if (request.customerId !== null) {
      await notify({
        db: tx,
        userId: request.customerId,
        requestId: request.id,
        message: LETTER_TEXT.customerNotice(company, request.id),
      });
    }
    const email = await contactEmailOf(tx, request);
    if (email) {
      const link = `${opts.publicUrl.replace(/\/+$/, '')}/sign-confirmation-letter/${request.publicAccessLink}`;
      await enqueueMessage({
        db: tx,
        log: opts.log,
        message: {
          channel: 'email',
          to: email,
          subject: LETTER_TEXT.emailSubject(request.id),
          body: LETTER_TEXT.emailBody(
            request.contactFirstName?.trim() || 'there',
            company,
            request.id,
            link,
          ),
        },
      });
    }
    return updated;
  });
}

async function contactEmailOf(tx: Tx, request: RequestRow): Promise<string | null> {
  if (request.contactEmail) return request.contactEmail;
  if (request.customerId === null) return null;
  const [user] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, request.customerId))
    .limit(1);
  return user?.email ?? null;
}

/** Who reads or signs a letter: a signed-in user (any type), or the holder of a public link. */
export interface LetterReader {
  user: { id: number; userType: number; firstName: string; lastName: string } | null;
  publicAccessLink: string | null;
}

/**
 * The direct request this reader may see the letter of: the request's own customer (their
 * token), or whoever sends the request's public access link (decision 016). Anything else, an
 * unknown id included, reads as not found; a request without a letter sent is 409.
 */
async function readableRequest(
  db: Db | Tx,
  requestId: number | undefined,
  reader: LetterReader,
  lock = false,
): Promise<RequestRow> {
  const request =
    lock && requestId !== undefined
      ? await lockRequest(db as Tx, requestId)
      : ((
          await db
            .select()
            .from(requests)
            .where(
              requestId !== undefined
                ? eq(requests.id, requestId)
                : eq(requests.publicAccessLink, reader.publicAccessLink ?? ''),
            )
            .limit(1)
        )[0] ?? null);
  const byAccount =
    request !== null &&
    reader.user !== null &&
    reader.user.userType === UserType.customer &&
    request.customerId === reader.user.id;
  const byLink =
    request !== null &&
    reader.publicAccessLink !== null &&
    request.publicAccessLink === reader.publicAccessLink;
  if (
    !request ||
    !(byAccount || byLink) ||
    !isDirectRequest({ request_type: request.requestType })
  ) {
    throw AppError.notFound(REQUEST_NOT_FOUND);
  }
  if (request.letterHtml === null) throw AppError.conflict(LETTER_TEXT.notSent);
  return request;
}

/** get_confirmation_letter: the letter as sent (sanitised HTML) and its request. */
export async function getConfirmationLetter(opts: {
  db: Db;
  /** Without it, the request of the reader's public link. */
  requestId: number | undefined;
  reader: LetterReader;
}): Promise<{ request: RequestRow; html: string }> {
  const request = await readableRequest(opts.db, opts.requestId, opts.reader);
  return { request, html: request.letterHtml as string };
}

/** The key of a new PDF in the storage: random, like every stored file's. */
const pdfKey = () => `${randomBytes(16).toString('hex')}.pdf`;

/**
 * attach_signature_make_confirmation_letter_pdf: checks the signature (422), makes the PDF and
 * stores it, then in one transaction sets additional_status 1 with the PDF's link, a timeline
 * entry and the company's notification. Two signatures racing: one wins, the other gets 409
 * and its file is removed. Only at 3 with additional_status 0 (else 409).
 */
export async function attachSignature(opts: {
  db: Db;
  storage: Storage;
  requestId: number;
  reader: LetterReader;
  signatureDataUrl: string;
  now?: Date;
}): Promise<RequestRow> {
  const signature = signaturePng(opts.signatureDataUrl);
  const request = await readableRequest(opts.db, opts.requestId, opts.reader);
  assertSignable(request);
  const signedAt = opts.now ?? new Date();
  const byAccount = opts.reader.user?.id === request.customerId && opts.reader.user !== null;
  const signerName = byAccount
    ? fullName(opts.reader.user?.firstName, opts.reader.user?.lastName) ||
      (await customerNameOf(opts.db, request))
    : await customerNameOf(opts.db, request);
  const company = await companyName(opts.db, request.companyId as number);
  const pdf = await makeLetterPdf({
    requestId: request.id,
    companyName: company,
    paragraphs: letterParagraphs(request.letterHtml as string),
    signerName,
    signedAt,
    signedVia: byAccount ? 'the customer account' : "the request's public link",
    signature,
  });
  const key = pdfKey();
  await opts.storage.put({ key, body: Buffer.from(pdf), contentType: 'application/pdf' });
  const url = opts.storage.url(key);
  try {
    return await opts.db.transaction(async (tx) => {
      const locked = await readableRequest(tx, opts.requestId, opts.reader, true);
      assertSignable(locked);
      const [updated] = await tx
        .update(requests)
        .set({
          additionalStatus: 1,
          letterPdfUrl: url,
          letterSignedAt: signedAt,
          letterSignerName: signerName,
          updatedAt: sql`now()`,
        })
        .where(eq(requests.id, locked.id))
        .returning();
      await tx
        .insert(requestTimeline)
        .values({ requestId: locked.id, activityTitle: LETTER_TEXT.timelineSigned });
      await notify({
        db: tx,
        userId: locked.companyId as number,
        requestId: locked.id,
        message: LETTER_TEXT.companyNotice(signerName, locked.id),
      });
      return updated as RequestRow;
    });
  } catch (err) {
    await opts.storage.delete(key).catch(() => undefined);
    throw err;
  }
}

function assertSignable(request: RequestRow): void {
  if (request.requestStatus === RequestStatus.cancelled) {
    throw AppError.conflict(LETTER_TEXT.cancelled);
  }
  if (request.timelineStatus !== TimelineStatus.paid || request.additionalStatus !== 0) {
    throw AppError.conflict(LETTER_TEXT.alreadySigned);
  }
}
