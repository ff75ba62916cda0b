import type { SavedCard } from '@movehub/shared';
import type { paymentCards } from '../../db/schema';

type CardRow = typeof paymentCards.$inferSelect;

/** A saved card as checking_card_exist and add_card send it (spec/portal.md §8). */
export function toSavedCard(row: CardRow): SavedCard {
  return {
    id: row.id,
    name: row.holderName,
    last4: row.last4,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    brand: row.brand,
  };
}
