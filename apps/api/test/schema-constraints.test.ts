import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from './helper';

/*
 * The database says what the code means (issue 28 item 5, docs/decisions/033): every money and
 * enum column carries a CHECK, company-owned rows reference the company's profile, a request's
 * foreman is one of its company's foremen, and every foreign key is led by an index (a delete of
 * the referenced row, or a join along it, never scans the referencing table). Read from the
 * catalogue of the migrated database, so a new foreign key without its index fails here.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await ctx.database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

describe('the schema', () => {
  it('leads every foreign key with an index', async () => {
    const unindexed = await rows<{ constraint: string }>(sql`
      select c.conname as constraint
      from pg_constraint c
      where c.contype = 'f'
        and c.connamespace = 'public'::regnamespace
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] = c.conkey)
      order by 1`);
    expect(unindexed).toEqual([]);
  });

  it('checks every money and enum column the issue names', async () => {
    const checks = await rows<{ name: string }>(sql`
      select conname as name from pg_constraint
      where contype = 'c' and connamespace = 'public'::regnamespace`);
    const names = new Set(checks.map((c) => c.name));
    for (const name of [
      'payments_kind_ck',
      'payments_status_ck',
      'payments_amount_ck',
      'ledger_transactions_status_ck',
      'ledger_entries_amount_ck',
      'requests_final_amount_ck',
      'requests_discount_ck',
      'requests_customer_budget_ck',
      'request_items_quantity_ck',
      'request_items_unit_price_ck',
      'request_addresses_type_ck',
      'users_user_type_ck',
      'company_reviews_rating_ck',
      'company_reviews_customer_rating_ck',
      'request_bids_amount_ck',
    ]) {
      expect(names.has(name), name).toBe(true);
    }
  });

  it('has company-owned rows reference the company profile, and a foreman his company', async () => {
    const references = await rows<{ table: string; columns: string; target: string }>(sql`
      select c.conrelid::regclass::text as table,
             (select string_agg(a.attname, ',' order by k.n)
                from unnest(c.conkey) with ordinality k(attnum, n)
                join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum) as columns,
             c.confrelid::regclass::text as target
      from pg_constraint c
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace`);
    const targetOf = (table: string, columns: string) =>
      references.find((r) => r.table === table && r.columns === columns)?.target;
    for (const table of [
      'request_bids',
      'requests',
      'company_trucks',
      'company_foremen',
      'company_service_zips',
      'company_direct_links',
      'company_reviews',
    ]) {
      expect(targetOf(table, 'company_id'), table).toBe('company_profiles');
    }
    expect(targetOf('requests', 'foreman_id,company_id')).toBe('company_foremen');
  });

  it('holds one installation id, the prefix of every new movement key', async () => {
    const [only] = await rows<{ n: number }>(sql`select count(*)::int as n from installation`);
    expect(only!.n).toBe(1);
    await expect(
      ctx.database.db.execute(sql`insert into installation default values`),
    ).rejects.toThrow();
  });
});
