import type { Tx } from '../../db/client';
import { moneyDiscrepancies } from '../../db/schema';

/**
 * Records what the provider and the ledger disagree about and nobody can heal alone (a refund the
 * provider refused, an operation of ours the ledger does not know): once per finding, for an
 * operator. Answers whether it was new.
 */
export async function flagDiscrepancy(
  tx: Tx,
  finding: {
    requestId: number | null;
    paymentId?: number | null;
    kind: 'refused' | 'unknown_operation' | 'amount' | 'missing_at_provider';
    detail: string;
    providerRef?: string | null;
    amountCents?: number | null;
  },
): Promise<boolean> {
  const rows = await tx
    .insert(moneyDiscrepancies)
    .values({
      requestId: finding.requestId,
      paymentId: finding.paymentId ?? null,
      kind: finding.kind,
      detail: finding.detail.slice(0, 2000),
      providerRef: finding.providerRef ?? null,
      amountCents: finding.amountCents ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: moneyDiscrepancies.id });
  return rows.length > 0;
}
