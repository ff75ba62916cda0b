import { and, eq, inArray } from 'drizzle-orm';
import { UserType } from '@movehub/shared';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { DEMO_COMPANIES } from '../../db/seed/demo';

/*
 * What every part of the demo (its bids and move days, its changes, its chat) asks alike: whether
 * a company is one the demo plays, and how soon its jobs run.
 */

/** A demo job's worker polls this often (seconds): a bid lands at most this late. */
export const DEMO_POLL_SECONDS = 0.5;

/** True when the company is one of the seeded demo companies (recognised by their emails). */
export async function isDemoCompany(db: Db, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, companyId),
        eq(users.userType, UserType.company),
        inArray(
          users.email,
          DEMO_COMPANIES.map((c) => c.email),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}
