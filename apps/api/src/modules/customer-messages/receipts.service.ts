import { and, asc, eq, inArray } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { formatUsd } from '@movehub/shared';
import type { Db } from '../../db/client';
import {
  ledgerEntries,
  ledgerTransactions,
  payments,
  receipts as receiptRows,
  requests,
  users,
  type ReceiptAddress,
} from '../../db/schema';
import { AppError } from '../../errors';
import { REQUEST_NOT_FOUND } from '../../domain/request/lifecycle';
import { account } from '../../domain/money/ledger';
import type { MovementPurpose } from '../../domain/money/movements';
import { describeWindow, moveWindow } from './customer-messages.service';

/*
 * Itemised receipts: every money movement of a request that touched the customer's card is one
 * receipt, numbered per customer when it posted (domain/money/receipts.ts, decision 041). A
 * payment shows the move price, the discount, the card processing fee and the total charged; a
 * tip its amount; each refund its amount (and the cancellation fee the company kept, when it kept
 * one). The amounts are read from the ledger when the receipt is asked for, so they can never
 * disagree with it; what the receipt says of the move (the card, the company, the date and the
 * addresses) was kept when it was numbered.
 */

export type ReceiptKind = 'payment' | 'tip' | 'refund';

export interface ReceiptLine {
  label: string;
  /** Cents; a discount is negative. */
  amountCents: number;
}

export interface Receipt {
  /** The ledger transaction's id: how the detail and the download name the receipt. */
  id: number;
  /** The customer's receipt number: 1, 2, 3… over all their requests, without a gap. */
  number: number;
  requestId: number;
  kind: ReceiptKind;
  /** What the card was charged (payment, tip) or given back (refund), in cents. */
  amountCents: number;
  createdAt: Date;
  lines: ReceiptLine[];
  /** The card charged or refunded, when it was known. */
  card: { brand: string; last4: string } | null;
  company: string | null;
  /** The move as it stood when the money moved. */
  move: {
    moveDate: string | null;
    moveTime: string | null;
    windowFrom: string | null;
    windowTo: string | null;
  };
  addresses: ReceiptAddress[];
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
  // The customer's numbered receipts of the request; the request's other posted movements are
  // read too, for the cancellation fee a refund mentions and the changes a payment's price holds.
  const txs = await db
    .select({
      id: ledgerTransactions.id,
      idempotencyKey: ledgerTransactions.idempotencyKey,
      kind: ledgerTransactions.kind,
      createdAt: ledgerTransactions.createdAt,
      purpose: payments.purpose,
      receipt: receiptRows,
    })
    .from(ledgerTransactions)
    .leftJoin(payments, eq(payments.id, ledgerTransactions.paymentId))
    .leftJoin(
      receiptRows,
      and(
        eq(receiptRows.ledgerTransactionId, ledgerTransactions.id),
        eq(receiptRows.customerId, customerId),
      ),
    )
    .where(
      and(eq(ledgerTransactions.requestId, requestId), eq(ledgerTransactions.status, 'posted')),
    )
    .orderBy(asc(ledgerTransactions.id));
  if (!txs.some((t) => t.receipt !== null)) return [];
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
    const numbered = t.receipt;
    if (!numbered) continue;
    const kind = numbered.kind;
    const own = entriesOf(t.id);
    const cardCents = cardCentsOf(t.id);
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
    receipts.push({
      id: t.id,
      number: numbered.number,
      requestId,
      kind,
      amountCents,
      createdAt: t.createdAt,
      lines,
      card:
        numbered.cardBrand && numbered.cardLast4
          ? { brand: numbered.cardBrand, last4: numbered.cardLast4 }
          : null,
      company: numbered.companyName,
      move: {
        moveDate: numbered.moveDate,
        moveTime: numbered.moveTime,
        windowFrom: numbered.windowFrom,
        windowTo: numbered.windowTo,
      },
      addresses: numbered.addresses,
    });
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

/** 'Visa ending in 4242'; a brand the provider did not name is just a card. */
export function cardText(card: NonNullable<Receipt['card']>): string {
  const brand = /^(other|unknown)?$/i.test(card.brand.trim()) ? 'Card' : card.brand.trim();
  return `${brand} ending in ${card.last4}`;
}

/** The move's day and window as the receipt says it, in the service area's time zone. */
export function moveText(move: Receipt['move'], timeZone: string): string | null {
  if (!move.moveDate) return null;
  return describeWindow(moveWindow({ ...move, moveDate: move.moveDate }, timeZone), timeZone);
}

/** '1 Main St (pick-up)': the receipt's addresses in route order. */
export function addressTexts(addresses: readonly ReceiptAddress[]): string[] {
  return addresses.map((a) => `${a.address} (${a.type === 1 ? 'pick-up' : 'drop-off'})`);
}

/** 'Payment receipt No. 3': the customer's own numbering, over all their requests. */
export function receiptTitle(receipt: Pick<Receipt, 'kind' | 'number'>): string {
  return `${TITLES[receipt.kind]} No. ${receipt.number}`;
}

/**
 * The receipt as a PDF (pdf-lib): a title with the customer's receipt number, the request, the
 * customer, the date, the company, the card, the move's date and addresses, and the lines. The
 * key figures are also in the document's metadata (Subject, Keywords), so a reader (or a test)
 * finds them without parsing the page's content stream.
 */
export async function receiptPdf(opts: {
  receipt: Receipt;
  customer: { name: string; email: string };
  /** The service area's time zone, in which the move's window is said. */
  timeZone: string;
}): Promise<Uint8Array> {
  const { receipt, customer } = opts;
  const doc = await PDFDocument.create();
  const title = receiptTitle(receipt);
  const move = moveText(receipt.move, opts.timeZone);
  const addresses = addressTexts(receipt.addresses);
  // Each fact on a line of its own; the addresses after the first under the first.
  const facts: { label: string; text: string }[] = [
    ...(receipt.company ? [{ label: 'Company: ', text: receipt.company }] : []),
    ...(receipt.card ? [{ label: 'Card: ', text: cardText(receipt.card) }] : []),
    ...(move ? [{ label: 'Move date: ', text: move }] : []),
    ...addresses.map((a, i) => ({ label: i === 0 ? 'Addresses: ' : '', text: a })),
  ];
  doc.setTitle(`${title} - request #${receipt.requestId}`);
  doc.setAuthor('MoveHub');
  doc.setCreator('MoveHub');
  doc.setProducer('MoveHub');
  doc.setCreationDate(receipt.createdAt);
  doc.setModificationDate(receipt.createdAt);
  doc.setSubject(
    `${title} for request #${receipt.requestId}: ` +
      receipt.lines.map((l) => `${l.label} ${formatUsd(l.amountCents)}`).join('; '),
  );
  doc.setKeywords([
    `request:${receipt.requestId}`,
    `receipt:${receipt.id}`,
    `number:${receipt.number}`,
    `kind:${receipt.kind}`,
    `amount_cents:${receipt.amountCents}`,
    ...(receipt.company ? [`company:${receipt.company}`] : []),
    ...(receipt.card ? [`card:${cardText(receipt.card)}`] : []),
    ...(receipt.move.moveDate ? [`move_date:${receipt.move.moveDate}`] : []),
    ...addresses.map((a) => `address:${a}`),
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
  /** A fact after its label, wrapped at spaces under itself when longer than the page is wide. */
  const labelWidth = font.widthOfTextAtSize('Addresses: ', 11);
  const fact = ({ label, text: value }: { label: string; text: string }) => {
    if (label) text(label, 56, 11, font, grey);
    const x = 56 + labelWidth;
    let line = '';
    for (const word of printable(value).split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, 11) > 556 - x) {
        text(line, x, 11, font, grey);
        y -= 15;
        line = word;
      } else {
        line = next;
      }
    }
    text(line, x, 11, font, grey);
    y -= 16;
  };

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
  for (const f of facts) fact(f);
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
