/**
 * How a movement through the provider ended for the call that made it:
 * - `posted`: the provider moved the money; the ledger posted it and its purpose was finished;
 * - `refused`: the provider said no (a declined card); the ledger voided it and nothing changed;
 * - `unknown`: the provider did not answer; the movement stays pending, and is asked about again
 *   by a retry or by the reconciliation job, under the same key;
 * - `busy`: another call is asking the provider about it right now.
 */
export type MovementOutcome =
  | {
      state: 'posted';
      paymentId: number;
      ref: string;
      result?: unknown;
      /** The money moved but what it was for no longer applied: it is being given back. */
      givenBack?: boolean;
    }
  | { state: 'refused'; paymentId: number; message: string }
  | { state: 'unknown'; paymentId: number; message: string }
  | { state: 'busy'; paymentId: number };
