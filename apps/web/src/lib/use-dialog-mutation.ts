import type { UseMutationResult } from '@tanstack/react-query';
import { errorMessage } from './api-client';
import { showToast } from './toast';

interface DialogMutationOptions<TData> {
  /** Closes the dialog once the call succeeded (after the feature hook's own refresh). */
  onDone: () => void;
  /**
   * The green toast of a success: the server's message by default (its words are the spec's or
   * the partner API's own), null for none.
   */
  successMessage?: (data: TData) => string | null;
}

export interface DialogMutation<TVariables> {
  pending: boolean;
  /** The refusal to show in the dialog; null before a call and while one runs. */
  failure: string | null;
  /** Sends once: a second Enter or click while the call runs does nothing. */
  submit: (variables: TVariables) => void;
  /** Forgets the last refusal (the person changed what they are sending). */
  clearFailure: () => void;
}

const serverMessage = (data: unknown): string | null =>
  typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
    ? data.message
    : null;

/**
 * What every form dialog does with its call, around a feature's mutation hook (which owns the
 * call and the cache it refreshes): the refusal stays in the dialog, a success toasts and
 * closes. The failure is the mutation's own state, so a new attempt clears the old one.
 */
export function useDialogMutation<TData, TVariables, TContext>(
  mutation: UseMutationResult<TData, Error, TVariables, TContext>,
  { onDone, successMessage = serverMessage }: DialogMutationOptions<TData>,
): DialogMutation<TVariables> {
  const pending = mutation.isPending;
  return {
    pending,
    failure: mutation.isError ? errorMessage(mutation.error) : null,
    submit: (variables) => {
      if (pending) return;
      mutation.mutate(variables, {
        onSuccess: (data) => {
          const message = successMessage(data);
          if (message) showToast(message, 'success');
          onDone();
        },
      });
    },
    // Only between calls: a reset while one runs would drop its answer and leave the dialog open.
    clearFailure: () => {
      if (!pending) mutation.reset();
    },
  };
}
