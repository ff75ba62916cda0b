import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import {
  awaitsLetterSignature,
  formatUsd,
  isDirectRequest,
  isRequestCancelled,
  toCents,
  toSpecDate,
  UserType,
  type PaymentMethod,
  type RateMethod,
  wirePhoneToMasked,
} from '@movehub/shared';
import type { Storage } from '../../adapters/storage/storage';
import type { Db, Tx } from '../../db/client';
import { companyProfiles, requestAddresses, requests, users } from '../../db/schema';
import { AppError } from '../../errors';
import { REQUEST_NOT_FOUND, type RequestRow } from '../../domain/request/lifecycle';
import { companyName } from '../../domain/request/names';
import { makeLetterPdf, signaturePng } from './letter.pdf';
import { DEFAULT_LETTER_TEMPLATE, fillLetter, letterParagraphs } from './letter.template';

/*
 * The confirmation letter of a direct request (spec §2 "Confirmation letter signing", §4 status
 * 3 with additional_status 0 → 1; decision 016). The company sends it with its rates
 * (0 → 3, the direct request's way past bids and escrow); the customer, or whoever holds the
 * request's public link, reads it and signs; the signed PDF goes to the storage adapter and the
 * request moves to additional_status 1, after which its move day may be assigned. Sending and
 * signing are the request's commands (domain/request/letter.ts); the letter's text, its PDF and
 * who may read it are here.
 */

export const LETTER_TEXT = {
  notDirect: 'A confirmation letter is sent for direct requests only.',
  notSent: 'The confirmation letter of this request has not been sent yet.',
  alreadySigned: 'The confirmation letter of this request has already been signed.',
  cancelled: 'This request has been cancelled.',
  /** Decision 037: the public link no longer signs once the request is in an account. */
  logInToSign:
    "This request is in its customer's account now: please log in to that account to sign its confirmation letter.",
  ownerSigns:
    'Only the customer whose account holds this request can sign its confirmation letter; please log in to that account.',
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
export async function composeLetter(
  tx: Tx,
  request: RequestRow,
  rates: LetterRates,
): Promise<string> {
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
    company_phone: wirePhoneToMasked(profile?.phone) || 'N/A',
    company_email: profile?.email ?? 'N/A',
    request_id: String(request.id),
  });
}

/** Where the letter's link goes: the contact email entered, else the customer's account's. */
export async function contactEmailOf(tx: Tx, request: RequestRow): Promise<string | null> {
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
 * Whether this reader may see the letter of a direct request: the request's own customer (their
 * token), or whoever sends the request's public access link (decision 016).
 */
export function readsLetter(request: RequestRow, reader: LetterReader): boolean {
  const byAccount =
    reader.user !== null &&
    reader.user.userType === UserType.customer &&
    request.customerId === reader.user.id;
  const byLink =
    reader.publicAccessLink !== null && request.publicAccessLink === reader.publicAccessLink;
  return (byAccount || byLink) && isDirectRequest({ request_type: request.requestType });
}

/**
 * Whether this reader may sign (decision 037). A request in nobody's account (a direct request
 * not yet claimed) is signed by whoever holds its public link, as decision 016 had it. Once it is
 * in a customer's account, the link still reads the letter but signs nothing in that customer's
 * name: only the customer signed in signs (401 with the link alone, 403 with another session).
 */
export function assertMaySign(request: RequestRow, reader: LetterReader): void {
  if (request.customerId === null) return;
  if (reader.user === null) throw AppError.unauthorized(LETTER_TEXT.logInToSign);
  if (reader.user.userType !== UserType.customer || reader.user.id !== request.customerId) {
    throw AppError.forbidden(LETTER_TEXT.ownerSigns);
  }
}

/** 409 until the letter of the request is sent. */
export function assertLetterSent(request: RequestRow): void {
  if (request.letterHtml === null) throw AppError.conflict(LETTER_TEXT.notSent);
}

/**
 * The direct request this reader may see the letter of (readsLetter). Anything else, an unknown
 * id included, reads as not found; a request without a letter sent is 409.
 */
async function readableRequest(
  db: Db,
  requestId: number | undefined,
  reader: LetterReader,
): Promise<RequestRow> {
  const [request] = await db
    .select()
    .from(requests)
    .where(
      requestId !== undefined
        ? eq(requests.id, requestId)
        : eq(requests.publicAccessLink, reader.publicAccessLink ?? ''),
    )
    .limit(1);
  if (!request || !readsLetter(request, reader)) throw AppError.notFound(REQUEST_NOT_FOUND);
  assertLetterSent(request);
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

export interface SignedLetterPdf {
  key: string;
  url: string;
  signerName: string;
}

/**
 * The signed letter as a PDF, stored: the signature checked (422), the letter readable by this
 * reader (404, 409 unless sent) and still to be signed (409). Made before the signing command
 * takes the request's lock, and removed by the caller when that command refuses.
 */
export async function storeSignedLetter(opts: {
  db: Db;
  storage: Storage;
  requestId: number;
  reader: LetterReader;
  signatureDataUrl: string;
  signedAt: Date;
}): Promise<SignedLetterPdf> {
  const signature = signaturePng(opts.signatureDataUrl);
  const request = await readableRequest(opts.db, opts.requestId, opts.reader);
  assertMaySign(request, opts.reader);
  assertSignable(request);
  const byAccount = opts.reader.user?.id === request.customerId && opts.reader.user !== null;
  const signerName = byAccount
    ? fullName(opts.reader.user?.firstName, opts.reader.user?.lastName) ||
      (await customerNameOf(opts.db, request))
    : await customerNameOf(opts.db, request);
  const pdf = await makeLetterPdf({
    requestId: request.id,
    companyName: await companyName(opts.db, request.companyId as number),
    paragraphs: letterParagraphs(request.letterHtml as string),
    signerName,
    signedAt: opts.signedAt,
    signedVia: byAccount ? 'the customer account' : "the request's public link",
    signature,
  });
  const key = pdfKey();
  await opts.storage.put({ key, body: Buffer.from(pdf), contentType: 'application/pdf' });
  return { key, url: opts.storage.url(key), signerName };
}

/** 409 unless the letter waits for its signature: at 3 with additional_status 0, not cancelled. */
export function assertSignable(request: RequestRow): void {
  if (isRequestCancelled(request.requestStatus)) {
    throw AppError.conflict(LETTER_TEXT.cancelled);
  }
  if (!awaitsLetterSignature(request.timelineStatus, request.additionalStatus)) {
    throw AppError.conflict(LETTER_TEXT.alreadySigned);
  }
}
