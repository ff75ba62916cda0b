import { sql } from 'drizzle-orm';
import {
  PAYOUT_CSV_COLUMNS,
  PAYOUTS_PAGE,
  specDateToIso,
  toDollars,
  toSpecDate,
  type PageRequest,
  type PayoutJob,
  type PayoutTotals,
} from '@movehub/shared';
import type { Db } from '../../db/client';
import { csvDocument } from '../../lib/csv';
import { pageOf, pageReadLimit } from '../../lib/paging';
import { account } from '../../domain/money/ledger';

/*
 * A company's payouts: per job, what the ledger (decision 004) says happened to its
 * money. The amounts come from ledger lines only, never from a request's price columns: the
 * escrow account of each job (escrow:{request}), the lines the job's transactions wrote to the
 * company's own accounts (company_payable:{company}, tips_payable:{company}), and the refunds
 * to the customer's card. The jobs are the company's by requests.company_id and the company's
 * lines by account name, both in SQL, so another company's money never reaches the answer.
 */

export interface PayoutsReport {
  jobs: PayoutJob[];
  totals: PayoutTotals;
}

interface PayoutRow {
  request_id: number | null;
  move_date: string | null;
  customer_name: string | null;
  paid_in: number;
  held: number;
  released: number;
  refunded: number;
  tips: number;
  is_total: boolean;
}

const money = (row: PayoutRow) => {
  const released = Number(row.released);
  const tips = Number(row.tips);
  return {
    paid_in: toDollars(Number(row.paid_in)),
    held: toDollars(Number(row.held)),
    released: toDollars(released),
    refunded: toDollars(Number(row.refunded)),
    tips: toDollars(tips),
    net: toDollars(released + tips),
  };
};

interface PayoutsFilter {
  db: Db;
  companyId: number;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The company's jobs in the dates (a CTE `jobs`), and their posted ledger lines (`lines`).
 * With `page`, only a page of the jobs that money moved for, newest request first, older than
 * its before_id: found by requests_company_id_idx (company_id, id), so a page's cost follows the
 * page, not the company's history.
 */
function jobsAndLinesSql(
  opts: PayoutsFilter,
  page?: { beforeId: number | undefined; readLimit: number },
) {
  const { companyId } = opts;
  const from = opts.from ? sql`and r.move_date >= ${specDateToIso(opts.from)}::date` : sql``;
  const to = opts.to ? sql`and r.move_date <= ${specDateToIso(opts.to)}::date` : sql``;
  const paged = page
    ? sql`${page.beforeId === undefined ? sql`` : sql`and r.id < ${page.beforeId}`}
        -- The jobs that money moved for, as the join with their lines below keeps them.
        and exists (select 1 from ledger_transactions t
          where t.request_id = r.id and t.status = 'posted')
        order by r.id desc
        limit ${page.readLimit}`
    : sql``;
  return sql`
    with jobs as (
      select r.id, r.move_date,
        -- A direct request's contact as entered, else the customer's account.
        trim(coalesce(
          nullif(trim(concat_ws(' ', r.contact_first_name, r.contact_last_name)), ''),
          concat_ws(' ', u.first_name, u.last_name), '')) as customer_name
      from requests r
      left join users u on u.id = r.customer_id
      where r.company_id = ${companyId} ${from} ${to}
      ${paged}
    ),
    lines as (
      select t.request_id, e.account, e.amount_cents
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      -- Posted money only: a movement still at the provider has moved nothing yet.
      where t.request_id in (select id from jobs) and t.status = 'posted'
    )`;
}

/** The sums of a group of jobs' lines (j: the job, l: its lines), in cents. */
function amountsSql(companyId: number) {
  const payable = account.companyPayable(companyId);
  const tipsPayable = account.tipsPayable(companyId);
  return sql`
      coalesce(sum(l.amount_cents) filter (
        where l.account = 'escrow:' || j.id and l.amount_cents > 0), 0)::int as paid_in,
      coalesce(sum(l.amount_cents) filter (where l.account = 'escrow:' || j.id), 0)::int as held,
      coalesce(sum(l.amount_cents) filter (where l.account = ${payable}), 0)::int as released,
      coalesce(sum(l.amount_cents) filter (
        where l.account like 'customer_card:%' and l.amount_cents > 0), 0)::int as refunded,
      coalesce(sum(l.amount_cents) filter (where l.account = ${tipsPayable}), 0)::int as tips`;
}

// node-postgres and PGlite both answer with the rows in `rows`.
const rowsOf = (result: unknown) => (result as { rows: PayoutRow[] }).rows;

const toJob = (r: PayoutRow): PayoutJob => ({
  request_id: Number(r.request_id),
  s_date: toSpecDate(r.move_date!),
  customer_name: r.customer_name ?? '',
  ...money(r),
});

const ZERO: PayoutTotals = { paid_in: 0, held: 0, released: 0, refunded: 0, tips: 0, net: 0 };

/**
 * Every job of the company that money moved for, newest move first, with the totals of the
 * same rows (one statement: GROUPING SETS adds the totals row). `from` and `to` (MM-DD-YYYY,
 * both kept) bound the move date. The CSV's report: whole, never paged.
 */
export async function payoutsReport(opts: PayoutsFilter): Promise<PayoutsReport> {
  const result = await opts.db.execute(sql`
    ${jobsAndLinesSql(opts)}
    select
      j.id as request_id,
      j.move_date::text as move_date,
      j.customer_name,
      ${amountsSql(opts.companyId)},
      grouping(j.id) = 1 as is_total
    from jobs j
    join lines l on l.request_id = j.id
    group by grouping sets ((j.id, j.move_date, j.customer_name), ())
    order by grouping(j.id), j.move_date desc, j.id desc
  `);
  const rows = rowsOf(result);
  const totalRow = rows.find((r) => r.is_total);
  return {
    jobs: rows.filter((r) => !r.is_total).map(toJob),
    totals: totalRow ? money(totalRow) : ZERO,
  };
}

/**
 * The payouts screen's page (POST /api/company/payouts): the jobs that money moved for, newest
 * request first (by id: a keyset, lib/paging.ts), a page older than `before_id`, with the next
 * page's before_id; and the totals of every job in the dates, whatever the page.
 */
export async function payoutsPage(
  opts: PayoutsFilter & { page: PageRequest },
): Promise<PayoutsReport & { next_before_id: number | null }> {
  const pageRows = opts.db.execute(sql`
    ${jobsAndLinesSql(opts, {
      beforeId: opts.page.before_id,
      readLimit: pageReadLimit(opts.page, PAYOUTS_PAGE),
    })}
    select
      j.id as request_id,
      j.move_date::text as move_date,
      j.customer_name,
      ${amountsSql(opts.companyId)}
    from jobs j
    join lines l on l.request_id = j.id
    group by j.id, j.move_date, j.customer_name
    order by j.id desc
  `);
  // The totals of every job in the dates: one aggregate row over the company's own jobs.
  const totalRows = opts.db.execute(sql`
    ${jobsAndLinesSql(opts)}
    select ${amountsSql(opts.companyId)}
    from jobs j
    join lines l on l.request_id = j.id
  `);
  const [jobs, totals] = await Promise.all([pageRows, totalRows]);
  const page = pageOf(rowsOf(jobs), opts.page, PAYOUTS_PAGE, (r) => Number(r.request_id));
  const [totalRow] = rowsOf(totals);
  return {
    jobs: page.rows.map(toJob),
    totals: totalRow ? money(totalRow) : ZERO,
    next_before_id: page.next_before_id,
  };
}

/** The report as CSV text (RFC 4180, formula-guarded): a header row, then one row per job. */
export function payoutsCsv(report: PayoutsReport): string {
  return csvDocument(
    PAYOUT_CSV_COLUMNS.map(([, header]) => header),
    report.jobs.map((job) => PAYOUT_CSV_COLUMNS.map(([field]) => job[field])),
  );
}
