import { eq } from 'drizzle-orm';
import { MSG, type SavedCard } from '@movehub/shared';
import type { Db } from '../../db/client';
import { paymentCards, paymentCustomers, users } from '../../db/schema';
import { AppError } from '../../errors';
import { toSavedCard } from './cards.wire';
import { GatewayError, type PaymentGateway } from '../../adapters/payments/gateway';

export async function listCards(opts: { db: Db; userId: number }): Promise<SavedCard[]> {
  const rows = await opts.db
    .select()
    .from(paymentCards)
    .where(eq(paymentCards.userId, opts.userId));
  return rows.map(toSavedCard);
}

/** The customer's record at the provider, created on first use. */
async function providerCustomer(db: Db, gateway: PaymentGateway, userId: number): Promise<string> {
  const [existing] = await db
    .select()
    .from(paymentCustomers)
    .where(eq(paymentCustomers.userId, userId));
  if (existing && existing.gateway === gateway.kind) return existing.customerRef;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw AppError.notFound(MSG.notFound);
  const customerRef = await gateway.createCustomer({
    userId,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`,
  });
  await db
    .insert(paymentCustomers)
    .values({ userId, gateway: gateway.kind, customerRef })
    .onConflictDoUpdate({
      target: paymentCustomers.userId,
      set: { gateway: gateway.kind, customerRef },
    });
  return customerRef;
}

/**
 * Attaches the browser's card token: the provider verifies the card (a decline changes nothing
 * and its reason reaches the customer), then the card is saved as the customer's one card.
 */
export async function addCard(opts: {
  db: Db;
  gateway: PaymentGateway;
  userId: number;
  token: string;
}): Promise<SavedCard> {
  const { db, gateway } = opts;
  const [current] = await db
    .select({ id: paymentCards.id })
    .from(paymentCards)
    .where(eq(paymentCards.userId, opts.userId));
  if (current) throw AppError.conflict(MSG.cardAlreadySaved);
  try {
    const customerRef = await providerCustomer(db, gateway, opts.userId);
    const card = await gateway.attachCard({ customerRef, token: opts.token });
    const [row] = await db
      .insert(paymentCards)
      .values({
        userId: opts.userId,
        gateway: gateway.kind,
        cardRef: card.ref,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        holderName: card.holderName,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      // Another tab saved a card in the meantime: undo this attachment.
      await gateway.detachCard({ cardRef: card.ref }).catch(() => undefined);
      throw AppError.conflict(MSG.cardAlreadySaved);
    }
    return toSavedCard(row);
  } catch (err) {
    if (err instanceof GatewayError) {
      if (err.kind === 'unavailable') throw new AppError(500, MSG.gatewayUnavailable);
      throw AppError.badRequest(err.message);
    }
    throw err;
  }
}

export async function deleteCard(opts: {
  db: Db;
  gateway: PaymentGateway;
  userId: number;
}): Promise<void> {
  const [row] = await opts.db
    .delete(paymentCards)
    .where(eq(paymentCards.userId, opts.userId))
    .returning();
  if (!row) throw AppError.notFound(MSG.noCardSaved);
  // The provider keeps nothing usable once detached; a failure here leaves a harmless orphan.
  await opts.gateway.detachCard({ cardRef: row.cardRef }).catch(() => undefined);
}
