import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client';
import { storeUpdatedProfile } from '../../lib/profile-query';
import { showToast } from '../../lib/toast';
import { updateCustomer, type UpdateCustomerBody } from './profile-api';

interface VerifyAndUpdateOptions {
  /** The verify call for the code (suppressToast: its failure is shown above the code form). */
  verify: (code: string) => Promise<unknown>;
  /** What update_customer is sent after a correct code; null while nothing was sent yet. */
  update: UpdateCustomerBody | null;
  successMessage: string;
  setCodeError: (error: string | null) => void;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
}

/**
 * The ENTER_CODE step of Edit Profile's email and phone change (spec/portal.md §4): a correct
 * code updates the profile, closes the sub-screen and toasts; a wrong one shows the server
 * message; any other failure ends the loading with no message (spec §8).
 */
export function useVerifyAndUpdate({
  verify,
  update,
  successMessage,
  setCodeError,
  onBusy,
  onClose,
}: VerifyAndUpdateOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      if (!update) return null;
      try {
        await verify(code);
      } catch (error) {
        setCodeError(errorMessage(error));
        return null;
      }
      setCodeError(null);
      return updateCustomer(update, { suppressToast: true });
    },
    onMutate: () => onBusy(true),
    onSettled: () => onBusy(false),
    onSuccess: (response) => {
      if (!response) return;
      storeUpdatedProfile(queryClient, response.data);
      onClose();
      showToast(successMessage, 'success');
    },
  });
}
