import { and, asc, eq, inArray } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { formatUsd } from '@movehub/shared';
import type { Db } from '../../db/client';
import { ledgerEntries, ledgerTransactions, payments, requests, users } from '../../db/schema';
import { AppError } from '../../errors';
import { REQUEST_NOT_FOUND } from '../../domain/request/lifecycle';
import { account } from '../../domain/money/ledger';
import type { MovementPurpose } from '../../domain/money/movements';

/*
 * Itemised receipts, read from the ledger: every money movement of a request
 * that touched the customer's card is one receipt. A payment shows the move price, the discount,
 * the card processing fee and the total charged; a tip its amount; each refund its amount (and
 * the cancellation fee the company kept, when it kept one). Nothing is stored: a receipt is
 * the ledger transaction rendered as a PDF when it is asked for, so it can never disagree with it.
 */

export type ReceiptKind = 'payment' | 'tip' | 'refund';

const KIND_OF: Record<string, ReceiptKind> = { hold: 'payment', tip: 'tip', refund: 'refund' };

export interface ReceiptLine {
  label: string;
  /** Cents; a discount is negative. */
  amountCents: number;
}

export interface Receipt {
  /** The ledger transaction's id. */
  id: number;
  requestId: number;
  kind: ReceiptKind;
  /** What the card was charged (payment, tip) or given back (refund), in cents. */
  amountCents: number;
  createdAt: Date;
  lines: ReceiptLine[];
}

export const RECEIPT_NOT_FOUND = 'Receipt not found.';

const TITLES: Record<ReceiptKind, string> = {
  payment: 'Payment receipt',
  tip: 'Tip receipt',
  refund: 'Refund receipt',
};

/** The receipts of a request, oldest first. The caller has checked the request is the customer's. */
export async function listReceipts(opts: {
  db: Db;
  requestId: number;
  customerId: number;
}): Promise<Receipt[]> {
  const { db, requestId, customerId } = opts;
  // Posted movements only: a charge still at the provider, or one it refused, is no receipt.
  const txs = await db
    .select({
      id: ledgerTransactions.id,
      idempotencyKey: ledgerTransactions.idempotencyKey,
      kind: ledgerTransactions.kind,
      createdAt: ledgerTransactions.createdAt,
      purpose: payments.purpose,
    })
    .from(ledgerTransactions)
    .leftJoin(payments, eq(payments.id, ledgerTransactions.paymentId))
    .where(
      and(eq(ledgerTransactions.requestId, requestId), eq(ledgerTransactions.status, 'posted')),
    )
    .orderBy(asc(ledgerTransactions.id));
  if (txs.length === 0) return [];
  const entries = await db
    .select()
    .from(ledgerEntries)
    .where(
      inArray(
        ledgerEntries.transactionId,
        txs.map((t) => t.id),
      ),
    );
  const [request] = await db
    .select({
      finalAmountCents: requests.finalAmountCents,
      discountPercent: requests.discountPercent,
    })
    .from(requests)
    .where(eq(requests.id, requestId));
  const card = account.customerCard(customerId);
  const entriesOf = (id: number) => entries.filter((e) => e.transactionId === id);
  const keptFees = txs
    .filter((t) => t.kind === 'cancellation_fee')
    .flatMap((t) => entriesOf(t.id))
    .filter((e) => e.amountCents > 0)
    .reduce((sum, e) => sum + e.amountCents, 0);

  // A change accepted after payment moves its difference with a charge or a refund of its own
  // (domain/request/changes.ts); the request's final amount already holds those differences, so the move
  // price a payment was made for is the final amount without them.
  const cardCentsOf = (id: number) =>
    entriesOf(id)
      .filter((e) => e.account === card)
      .reduce((s, e) => s + e.amountCents, 0);
  const changeCents = txs
    .filter((t) => isChangeMovement(t))
    .reduce((sum, t) => sum - cardCentsOf(t.id), 0);

  const receipts: Receipt[] = [];
  for (const t of txs) {
    const kind = KIND_OF[t.kind];
    if (!kind) continue;
    const own = entriesOf(t.id);
    const cardCents = cardCentsOf(t.id);
    if (cardCents === 0) continue;
    const amountCents = Math.abs(cardCents);
    const lines: ReceiptLine[] = [];
    if (isChangeMovement(t)) {
      if (kind === 'payment') {
        lines.push({ label: 'Price difference of an accepted change', amountCents });
        lines.push({ label: 'Total charged to your card', amountCents });
      } else {
        lines.push({ label: 'Saving of an accepted change, refunded to your card', amountCents });
      }
    } else if (kind === 'payment') {
      const escrow = own
        .filter((e) => e.account === account.escrow(requestId))
        .reduce((s, e) => s + e.amountCents, 0);
      const fee = own
        .filter((e) => e.account === account.platformFees)
        .reduce((s, e) => s + e.amountCents, 0);
      const final = request?.finalAmountCents;
      const paidFor = final != null ? final - changeCents : escrow;
      const price = Math.max(paidFor, escrow);
      lines.push({ label: 'Move price', amountCents: price });
      if (price > escrow) {
        const percent = request?.discountPercent ? ` (${request.discountPercent}%)` : '';
        lines.push({ label: `Discount${percent}`, amountCents: escrow - price });
      }
      if (fee > 0) lines.push({ label: 'Card processing fee', amountCents: fee });
      lines.push({ label: 'Total charged to your card', amountCents: amountCents });
    } else if (kind === 'tip') {
      lines.push({ label: 'Tip for the crew', amountCents: amountCents });
      lines.push({ label: 'Total charged to your card', amountCents: amountCents });
    } else if (purposeOf(t.purpose) === 'compensation') {
      lines.push({ label: 'A charge that could not be used, refunded', amountCents });
    } else {
      lines.push({ label: 'Refunded to your card', amountCents: amountCents });
      if (keptFees > 0 && purposeOf(t.purpose) === 'cancel-refund') {
        lines.push({ label: 'Kept by the company as its cancellation fee', amountCents: keptFees });
      }
    }
    receipts.push({ id: t.id, requestId, kind, amountCents, createdAt: t.createdAt, lines });
  }
  return receipts;
}

const purposeOf = (purpose: unknown) => (purpose as MovementPurpose | null)?.type ?? null;

/**
 * A charge or refund of a change's price difference: by its purpose, or, for a movement made
 * before movements had one, by the key it was made under.
 */
function isChangeMovement(t: { purpose: unknown; idempotencyKey: string }): boolean {
  const type = purposeOf(t.purpose);
  if (type !== null) return type === 'change-charge' || type === 'change-refund';
  return t.idempotencyKey.includes(':hold:change-') || t.idempotencyKey.includes(':refund-change:');
}

/** One receipt of the customer's request: 404 when the request or the receipt is not theirs. */
export async function findReceipt(opts: {
  db: Db;
  requestId: number;
  customerId: number;
  receiptId: number;
}): Promise<{ receipt: Receipt; customer: { name: string; email: string } }> {
  const [request] = await opts.db
    .select({ customerId: requests.customerId })
    .from(requests)
    .where(eq(requests.id, opts.requestId));
  if (!request || request.customerId !== opts.customerId) {
    throw AppError.notFound(REQUEST_NOT_FOUND);
  }
  const receipt = (await listReceipts(opts)).find((r) => r.id === opts.receiptId);
  if (!receipt) throw AppError.notFound(RECEIPT_NOT_FOUND);
  const [user] = await opts.db
    .select({ first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.id, opts.customerId)));
  return {
    receipt,
    customer: { name: `${user?.first ?? ''} ${user?.last ?? ''}`.trim(), email: user?.email ?? '' },
  };
}

/** The standard PDF fonts speak WinAnsi: anything else is shown as '?'. */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');
}

/**
 * The receipt as a PDF (pdf-lib): a title, the request, the customer, the date and the lines.
 * The key figures are also in the document's metadata (Subject, Keywords), so a reader (or a
 * test) finds them without parsing the page's content stream.
 */
export async function receiptPdf(opts: {
  receipt: Receipt;
  customer: { name: string; email: string };
  now?: Date;
}): Promise<Uint8Array> {
  const { receipt, customer } = opts;
  const doc = await PDFDocument.create();
  const title = `${TITLES[receipt.kind]} #${receipt.id}`;
  doc.setTitle(`${title} - request #${receipt.requestId}`);
  doc.setAuthor('MoveHub');
  doc.setCreator('MoveHub');
  doc.setProducer('MoveHub');
  doc.setCreationDate(receipt.createdAt);
  doc.setModificationDate(receipt.createdAt);
  doc.setSubject(
    `${TITLES[receipt.kind]} for request #${receipt.requestId}: ` +
      receipt.lines.map((l) => `${l.label} ${formatUsd(l.amountCents)}`).join('; '),
  );
  doc.setKeywords([
    `request:${receipt.requestId}`,
    `receipt:${receipt.id}`,
    `kind:${receipt.kind}`,
    `amount_cents:${receipt.amountCents}`,
    ...receipt.lines.map((l) => `${l.label}=${l.amountCents}`),
  ]);

  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const black = rgb(0, 0, 0);
  const grey = rgb(0.35, 0.35, 0.35);
  let y = 720;
  const text = (value: string, x: number, size = 11, f = font, color = black) =>
    page.drawText(printable(value), { x, y, size, font: f, color });

  text('MoveHub', 56, 20, bold);
  y -= 32;
  text(title, 56, 16, bold);
  y -= 24;
  text(`Request #${receipt.requestId}`, 56, 11, font, grey);
  y -= 16;
  text(`Date: ${receipt.createdAt.toISOString().slice(0, 10)}`, 56, 11, font, grey);
  y -= 16;
  if (customer.name) {
    text(`Customer: ${customer.name}`, 56, 11, font, grey);
    y -= 16;
  }
  if (customer.email) {
    text(customer.email, 56, 11, font, grey);
    y -= 16;
  }
  y -= 20;
  page.drawLine({ start: { x: 56, y: y + 14 }, end: { x: 556, y: y + 14 }, thickness: 0.5 });
  for (const [i, line] of receipt.lines.entries()) {
    const last = i === receipt.lines.length - 1 && receipt.kind !== 'refund';
    const amount = formatUsd(line.amountCents);
    const f = last ? bold : font;
    text(line.label, 56, 12, f);
    const width = f.widthOfTextAtSize(printable(amount), 12);
    text(amount, 556 - width, 12, f);
    y -= 22;
  }
  y -= 10;
  text('Thank you for moving with MoveHub.', 56, 10, font, grey);
  return doc.save();
}
