import { formatUsd, toCents } from '@movehub/shared';

interface DollarsOptions {
  /** What an amount not set reads as ('N/A', 'Not set'); empty by default. */
  none?: string;
  /**
   * '$450' rather than '$450.00': the partner console's prices and bids are whole dollars as a
   * rule; the customer's money lines keep the cents as the spec shows them.
   */
  trimZeroCents?: boolean;
}

/**
 * An amount as the wire carries it (dollars, spec) as a person reads it, through the shared cents
 * formatter: the screens' one money formatter.
 */
export function dollars(
  amount: number | null | undefined,
  { none = '', trimZeroCents = false }: DollarsOptions = {},
): string {
  if (amount === null || amount === undefined) return none;
  return formatUsd(toCents(amount), { trimZeroCents });
}
