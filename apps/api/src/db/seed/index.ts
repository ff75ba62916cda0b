import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { UserType } from '@movehub/shared';
import type { Db } from '../client';
import { companyDirectLinks, companyProfiles, users } from '../schema';
import { hashPassword } from '../../lib/password';
import { randomCode } from '../../lib/tokens';
import { seedCatalogue } from './catalogue';
import { DEMO_COMPANIES, DEMO_CUSTOMER, DEMO_DIRECT_LINKS, DEMO_SALES_MEMBER } from './demo';
import { seedSettings } from './settings';

/**
 * Idempotent: run at every start. Reference data is upserted (the About Us settings only
 * when missing, so an admin's edit is kept); demo accounts are created only when missing (so a
 * changed demo password is not reset behind the user's back).
 */
export async function seed(opts: { db: Db; demo: boolean }): Promise<void> {
  await seedSettings({ db: opts.db });
  await seedCatalogue({ db: opts.db });
  if (!opts.demo) return;
  await seedDemoCompanies({ db: opts.db });
  const email = DEMO_CUSTOMER.email;
  const [existing] = await opts.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.userType, UserType.customer)))
    .limit(1);
  if (existing) return;
  await opts.db
    .insert(users)
    .values({
      userType: UserType.customer,
      email,
      passwordHash: await hashPassword(DEMO_CUSTOMER.password),
      firstName: DEMO_CUSTOMER.firstName,
      lastName: DEMO_CUSTOMER.lastName,
      phone: DEMO_CUSTOMER.phone,
      howFoundUs: DEMO_CUSTOMER.howFoundUs,
      loginBy: 'app',
      inviteFriendCode: randomCode(8),
      roomId: randomUUID(),
    })
    .onConflictDoNothing();
}

/** A user of a type by email, created when missing (no password); returns its id. */
async function ensureUser(
  db: Db,
  values: { userType: UserType; email: string; firstName: string; lastName: string; phone: string },
): Promise<number> {
  await db
    .insert(users)
    .values({ ...values, loginBy: 'app', roomId: randomUUID() })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, values.email), eq(users.userType, values.userType)))
    .limit(1);
  if (!row) throw new Error(`seed: no user ${values.email}`);
  return row.id;
}

/** The demo companies, the sales-team member of the first and their direct links. */
async function seedDemoCompanies(opts: { db: Db }): Promise<void> {
  const companyIds: number[] = [];
  for (const company of DEMO_COMPANIES) {
    const id = await ensureUser(opts.db, {
      userType: UserType.company,
      email: company.email,
      firstName: company.firstName,
      lastName: company.lastName,
      phone: company.profile.phone,
    });
    await opts.db
      .insert(companyProfiles)
      .values({ userId: id, ...company.profile })
      .onConflictDoNothing();
    companyIds.push(id);
  }
  const [swiftId] = companyIds;
  if (swiftId === undefined) return;
  const salesId = await ensureUser(opts.db, { userType: UserType.salesTeam, ...DEMO_SALES_MEMBER });
  await opts.db
    .insert(companyDirectLinks)
    .values([
      { link: DEMO_DIRECT_LINKS.company, companyId: swiftId, createdByUserId: swiftId },
      { link: DEMO_DIRECT_LINKS.salesTeam, companyId: swiftId, createdByUserId: salesId },
    ])
    .onConflictDoNothing();
}
