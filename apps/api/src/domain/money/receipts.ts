import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/client';

/*
 * Receipt numbers (decision 041): every posted ledger transaction that moved money on a customer's
 * card (a payment or a change's difference charged, a tip, a refund) is that customer's receipt
 * number 1, 2, 3…, without a gap.
 *
 * The number is taken in the transaction that posts the movement, from the customer's row of
 * `receipt_counters`: the upsert below locks that row until the commit, so a second movement of
 * the same customer posting at the same moment (another request's payment, a refund) waits there
 * and takes the next number; a transaction rolled back takes its increment with it, and nothing
 * else ever takes a number. The row is taken last, after the request's lock, by every path, so
 * the two locks are always taken in one order.
 *
 * What the receipt says of the move is kept as it is at that moment: the card (a refund's is the
 * card of the charge it gives back), the company, the move's date and window, its addresses.
 */

/** Names the CTEs of one deferred write: unique within the statement that carries it. */
export type CteName = (part: string) => SQL;

/**
 * Numbers the posted card movements of a payment that have no receipt yet (one, in practice: the
 * movement that just posted). Call it under the request's lock, after posting, in the same
 * transaction.
 */
export async function issueReceipts(tx: Transaction, paymentId: number): Promise<void> {
  await tx.execute(sql`with ${receiptWrites(paymentId, (part) => sql.raw(part))} select 1`);
}

/**
 * issueReceipts as top-level CTEs, for a command to send with its last statement (its events):
 * the counter's row is then locked only for the commit that follows. That statement must come
 * after the one that posted the movement (it reads the posted ledger transaction).
 */
export function receiptWrites(paymentId: number, n: CteName): SQL {
  return sql`
    ${n('moved')} as (
      select t.id as ledger_transaction_id, t.request_id, t.payment_id, t.kind,
             split_part(e.account, ':', 2)::int as customer_id
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      where t.payment_id = ${paymentId}
        and t.status = 'posted'
        and t.kind in ('hold', 'tip', 'refund')
        and e.account like 'customer_card:%'
        and not exists (select 1 from receipts r where r.ledger_transaction_id = t.id)
      group by t.id, t.request_id, t.payment_id, t.kind, e.account
      having sum(e.amount_cents) <> 0
    ), ${n('counted')} as (
      insert into receipt_counters as c (customer_id, last_number)
      select customer_id, count(*) from ${n('moved')} group by customer_id
      on conflict (customer_id) do update set last_number = c.last_number + excluded.last_number
      returning c.customer_id, c.last_number
    ), ${n('ordered')} as (
      select m.*, count(*) over (partition by m.customer_id) as of_customer,
             row_number() over (partition by m.customer_id order by m.ledger_transaction_id) as nth
      from ${n('moved')} m
    ), ${n('written')} as (
      insert into receipts (customer_id, number, ledger_transaction_id, request_id, kind,
                            card_brand, card_last4, company_name, move_date, s_time,
                            start_window_from, start_window_to, addresses)
      select o.customer_id, c.last_number - o.of_customer + o.nth, o.ledger_transaction_id,
             o.request_id, case o.kind when 'hold' then 'payment' else o.kind end,
             card.brand, card.last4,
             coalesce(cp.name, nullif(trim(cu.first_name || ' ' || cu.last_name), '')),
             r.move_date, r.s_time, r.start_window_from, r.start_window_to,
             coalesce((select json_agg(json_build_object('type', a.address_type,
                                                         'address', a.complete_address)
                                       order by a.position)
                       from request_addresses a where a.request_id = o.request_id), '[]')::jsonb
      from ${n('ordered')} o
      join ${n('counted')} c on c.customer_id = o.customer_id
      join payments p on p.id = o.payment_id
      left join requests r on r.id = o.request_id
      left join company_profiles cp on cp.user_id = r.company_id
      left join users cu on cu.id = r.company_id
      left join lateral (
        -- The card charged; a refund's is the card of its charge, as that charge's receipt says
        -- (the customer may have changed cards since), else as the saved card still says.
        select brand, last4 from (
          select cr.card_brand as brand, cr.card_last4 as last4, 0 as preference
          from ledger_transactions ct
          join receipts cr on cr.ledger_transaction_id = ct.id
          where ct.payment_id = p.charge_payment_id and cr.card_last4 is not null
          union all
          select pc.brand, pc.last4, 1
          from payment_cards pc
          where pc.user_id = o.customer_id
            and pc.card_ref = coalesce(
              (select charge.target_ref from payments charge where charge.id = p.charge_payment_id),
              p.target_ref)
        ) found
        order by preference
        limit 1
      ) card on true
    )`;
}
