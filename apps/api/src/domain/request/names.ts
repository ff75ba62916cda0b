import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companyProfiles, users } from '../../db/schema';

const COMPANY_NAME_UNKNOWN = 'Your moving company';

/** A company's display name: its profile's, else its account holder's. */
export async function companyName(db: Tx, companyId: number): Promise<string> {
  const [row] = await db
    .select({
      name: sql<string>`coalesce(${companyProfiles.name}, ${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(users)
    .leftJoin(companyProfiles, eq(companyProfiles.userId, users.id))
    .where(eq(users.id, companyId))
    .limit(1);
  return row?.name ?? COMPANY_NAME_UNKNOWN;
}

/** companyName as a scalar subquery, for a statement that reads it with other things. */
export function companyNameSql(companyId: number | AnyColumn): SQL<string> {
  return sql<string>`coalesce((select coalesce(cp.name, u.first_name || ' ' || u.last_name)
    from users u left join company_profiles cp on cp.user_id = u.id
    where u.id = ${companyId} limit 1), ${COMPANY_NAME_UNKNOWN})`;
}
