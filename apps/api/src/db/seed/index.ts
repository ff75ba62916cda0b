import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { UserType } from '@movehub/shared';
import type { Db } from '../client';
import { users } from '../schema';
import { hashPassword } from '../../lib/password';
import { randomCode } from '../../lib/tokens';
import { seedCatalogue } from './catalogue';
import { DEMO_CUSTOMER } from './demo';
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
