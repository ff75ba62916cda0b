import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companyProfiles, users } from '../../db/schema';

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
  return row?.name ?? 'Your moving company';
}
