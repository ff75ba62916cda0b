import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { UserType } from '@movehub/shared';
import type { Db } from '../client';
import {
  companyDirectLinks,
  companyForemen,
  companyProfiles,
  companyReviews,
  companyServiceZips,
  companyTrucks,
  serviceZipCodes,
  users,
} from '../schema';
import { hashPassword } from '../../lib/password';
import { randomCode } from '../../lib/tokens';
import { seedCatalogue } from './catalogue';
import { seedDemoAnalytics } from './demo-analytics';
import {
  DEMO_COMPANIES,
  DEMO_COUNTERPART_PASSWORD,
  DEMO_CUSTOMER,
  DEMO_DIRECT_LINKS,
  DEMO_SALES_MEMBER,
} from './demo';
import { demoLetterTemplate } from './letter-template';
import { seedSettings } from './settings';

/**
 * Idempotent: run at every start. Reference data is upserted (the About Us settings only
 * when missing, so an admin's edit is kept); demo accounts are created only when missing (so a
 * changed demo password is not reset behind the user's back).
 */
export async function seed(opts: {
  db: Db;
  demo: boolean;
  /** The service's time zone (SERVICE_TIME_ZONE): the days of the demo links' visits. */
  timeZone?: string;
}): Promise<void> {
  await seedSettings({ db: opts.db });
  await seedCatalogue({ db: opts.db });
  if (!opts.demo) return;
  const hash = passwordHasher();
  await seedDemoCompanies({ db: opts.db, hash });
  await seedDemoAnalytics({ db: opts.db, timeZone: opts.timeZone ?? 'America/Los_Angeles' });
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
      passwordHash: await hash(DEMO_CUSTOMER.password),
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

/** One hash per password per seed run: hashing is the slow part of seeding accounts. */
function passwordHasher() {
  const hashes = new Map<string, Promise<string>>();
  return (password: string) => {
    let hash = hashes.get(password);
    if (!hash) {
      hash = hashPassword(password);
      hashes.set(password, hash);
    }
    return hash;
  };
}

/**
 * A user of a type by email, created when missing; returns its id. With a password, an existing
 * user without one gets it (a database seeded before demo counterparts could sign in), but a
 * password already set is never reset.
 */
async function ensureUser(
  db: Db,
  values: { userType: UserType; email: string; firstName: string; lastName: string; phone: string },
  password?: () => Promise<string>,
): Promise<number> {
  const byKey = and(eq(users.email, values.email), eq(users.userType, values.userType));
  const [existing] = await db
    .select({ id: users.id, hasPassword: sql<boolean>`${users.passwordHash} is not null` })
    .from(users)
    .where(byKey)
    .limit(1);
  if (existing) {
    if (password && !existing.hasPassword) {
      await db
        .update(users)
        .set({ passwordHash: await password() })
        .where(and(eq(users.id, existing.id), isNull(users.passwordHash)));
    }
    return existing.id;
  }
  await db
    .insert(users)
    .values({
      ...values,
      ...(password ? { passwordHash: await password() } : {}),
      loginBy: 'app',
      roomId: randomUUID(),
    })
    .onConflictDoNothing();
  const [row] = await db.select({ id: users.id }).from(users).where(byKey).limit(1);
  if (!row) throw new Error(`seed: no user ${values.email}`);
  return row.id;
}

/**
 * The demo companies with their profile, sign-in, foremen, trucks, served zip codes, reviews and
 * direct link; the sales-team member of the first and its link. Each part is added only when
 * missing; the derived numbers (truck_count, rating) are recomputed from the rows they count.
 */
async function seedDemoCompanies(opts: {
  db: Db;
  hash: (password: string) => Promise<string>;
}): Promise<void> {
  const { db } = opts;
  const password = () => opts.hash(DEMO_COUNTERPART_PASSWORD);
  const servedZips = (
    await db.select({ zipCode: serviceZipCodes.zipCode }).from(serviceZipCodes)
  ).map((z) => z.zipCode);
  const companyIds: number[] = [];
  for (const company of DEMO_COMPANIES) {
    const id = await ensureUser(
      db,
      {
        userType: UserType.company,
        email: company.email,
        firstName: company.firstName,
        lastName: company.lastName,
        phone: company.profile.phone,
      },
      password,
    );
    companyIds.push(id);
    await db
      .insert(companyProfiles)
      .values({ userId: id, ...company.profile, truckCount: company.trucks.length })
      .onConflictDoNothing();
    // A profile seeded before pictures and counts existed gets them; an edited one keeps its own.
    await db
      .update(companyProfiles)
      .set({
        profilePicture: sql`coalesce(${companyProfiles.profilePicture}, ${company.profile.profilePicture})`,
        completedMoves: sql`case when ${companyProfiles.completedMoves} = 0 then ${company.profile.completedMoves} else ${companyProfiles.completedMoves} end`,
        letterTemplate: sql`coalesce(${companyProfiles.letterTemplate}, ${demoLetterTemplate(company.profile.name)})`,
      })
      .where(eq(companyProfiles.userId, id));

    for (const foreman of company.foremen) {
      const foremanId = await ensureUser(db, { userType: UserType.foreman, ...foreman }, password);
      await db
        .insert(companyForemen)
        .values({ userId: foremanId, companyId: id })
        .onConflictDoNothing();
    }

    const trucks = await db
      .select({ name: companyTrucks.name })
      .from(companyTrucks)
      .where(eq(companyTrucks.companyId, id));
    const missingTrucks = company.trucks.filter((name) => !trucks.some((t) => t.name === name));
    if (missingTrucks.length > 0) {
      await db.insert(companyTrucks).values(missingTrucks.map((name) => ({ companyId: id, name })));
    }

    const prefixes: readonly string[] = company.zipPrefixes;
    const zips = servedZips.filter(
      (zip) => prefixes.length === 0 || prefixes.some((p) => zip.startsWith(p)),
    );
    if (zips.length > 0) {
      await db
        .insert(companyServiceZips)
        .values(zips.map((zipCode) => ({ companyId: id, zipCode })))
        .onConflictDoNothing();
    }

    // Carried-over reviews (no request): added once, when the company has none of them yet.
    const [carried] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(companyReviews)
      .where(and(eq(companyReviews.companyId, id), isNull(companyReviews.requestId)));
    if ((carried?.n ?? 0) === 0) {
      await db.insert(companyReviews).values(
        company.reviews.map((r) => ({
          companyId: id,
          reviewerFirstName: r.firstName,
          reviewerLastName: r.lastName,
          companyRating: r.rating,
          companyComment: r.comment,
          createdAt: new Date(`${r.date}T18:00:00Z`),
        })),
      );
    }

    await db
      .update(companyProfiles)
      .set({
        truckCount: sql`(select count(*)::int from ${companyTrucks} where ${companyTrucks.companyId} = ${id} and ${companyTrucks.isActive})`,
        rating: sql`coalesce((select avg(${companyReviews.companyRating}) from ${companyReviews} where ${companyReviews.companyId} = ${id}), 0)`,
      })
      .where(eq(companyProfiles.userId, id));

    await db
      .insert(companyDirectLinks)
      .values({ link: company.directLink, companyId: id, createdByUserId: id })
      .onConflictDoNothing();
  }
  const [swiftId] = companyIds;
  if (swiftId === undefined) return;
  const salesId = await ensureUser(db, { userType: UserType.salesTeam, ...DEMO_SALES_MEMBER });
  await db
    .insert(companyDirectLinks)
    .values({ link: DEMO_DIRECT_LINKS.salesTeam, companyId: swiftId, createdByUserId: salesId })
    .onConflictDoNothing();
}
