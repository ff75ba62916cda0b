import { z } from 'zod';
import { parseSpecDate } from '../rules/wizard-time';
import { envelope } from './envelope';
import { nextPageField, pageFields } from './paging';
import { safeString } from './primitives';

/*
 * A company's payouts (per job, held in escrow, released, refunded, tips, from
 * the ledger, with a CSV export). Every amount is read from the double-entry ledger (decision
 * 004), never from the request's own price columns, and is in dollars on the wire.
 */

export const PAYOUTS_TEXT = {
  badDate: 'Enter the date as MM-DD-YYYY.',
  toBeforeFrom: "The 'To' date cannot be before the 'From' date.",
} as const;

const specDate = safeString()
  .trim()
  .refine((v) => parseSpecDate(v) !== null, PAYOUTS_TEXT.badDate);

const payoutDates = {
  from: specDate.optional(),
  to: specDate.optional(),
};

/** 'To' not before 'From'; runs even when a date failed its own check (that check is not aborting). */
const datesInOrder = (q: { from?: string | undefined; to?: string | undefined }) => {
  // Only two real days are compared; a malformed one is already refused above.
  const from = q.from ? parseSpecDate(q.from) : null;
  const to = q.to ? parseSpecDate(q.to) : null;
  return !from || !to || from.getTime() <= to.getTime();
};

/**
 * GET /api/company/payouts_csv: the jobs whose move date is from `from` to `to` (both
 * MM-DD-YYYY, both kept), every job without them. The move date rather than the date of each
 * movement, so a job's row always shows its whole history. The CSV is the whole report, unpaged.
 */
export const payoutsQuerySchema = z
  .object(payoutDates)
  .refine(datesInOrder, { message: PAYOUTS_TEXT.toBeforeFrom, path: ['to'] });
export type PayoutsQuery = z.input<typeof payoutsQuerySchema>;

/** The payouts screen's page size when the caller names none. */
export const PAYOUTS_PAGE = 50;

/**
 * The body of POST /api/company/payouts (none is the same as {}): the CSV's dates, and a page
 * of jobs newest first (by request id) older than `before_id`.
 */
export const payoutsBodySchema = z
  .object({ ...payoutDates, ...pageFields('a request') })
  .refine(datesInOrder, { message: PAYOUTS_TEXT.toBeforeFrom, path: ['to'] })
  .optional();
export type PayoutsBody = z.input<typeof payoutsBodySchema>;

/** One job's money, in dollars. */
const payoutAmounts = {
  /** Charged to the customer's card into the job's escrow (the price, and changes' top-ups). */
  paid_in: z.number(),
  /** Still in escrow: paid in, less released and refunded. */
  held: z.number(),
  /** Released from escrow to the company (on confirmation, or a cancellation fee). */
  released: z.number(),
  /** Given back from escrow to the customer's card (a cancellation, a lower price). */
  refunded: z.number(),
  /** The customer's tips, owed to the company in full. */
  tips: z.number(),
  /** What the company has earned: released plus tips. */
  net: z.number(),
};

export const payoutJobSchema = z
  .object({
    request_id: z.number().int(),
    /** MM-DD-YYYY. */
    s_date: z.string(),
    customer_name: z.string(),
    ...payoutAmounts,
  })
  .meta({ id: 'PayoutJob' });
export type PayoutJob = z.infer<typeof payoutJobSchema>;

export const payoutTotalsSchema = z.object(payoutAmounts).meta({ id: 'PayoutTotals' });
export type PayoutTotals = z.infer<typeof payoutTotalsSchema>;

export const payoutsResponseSchema = envelope({
  /** totals: of every job in the dates, whatever the page. */
  data: z.object({ jobs: z.array(payoutJobSchema), totals: payoutTotalsSchema }),
  ...nextPageField,
});
export type PayoutsResponse = z.infer<typeof payoutsResponseSchema>;

/** The CSV's columns, in order: one header per job field. */
export const PAYOUT_CSV_COLUMNS = [
  ['request_id', 'Request'],
  ['s_date', 'Move date'],
  ['customer_name', 'Customer'],
  ['paid_in', 'Paid into escrow'],
  ['held', 'Held in escrow'],
  ['released', 'Released'],
  ['refunded', 'Refunded'],
  ['tips', 'Tips'],
  ['net', 'Net to company'],
] as const satisfies readonly (readonly [keyof PayoutJob, string])[];
