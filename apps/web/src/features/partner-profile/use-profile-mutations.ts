import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyForeman, CompanyProfileResponse, InviteForemanBody } from '@movehub/shared';
import { showToast } from '../../lib/toast';
import {
  addTruck,
  addZipCode,
  inviteForeman,
  removeForeman,
  removeTruck,
  removeZipCode,
  storeCompanyProfile,
  updateCompanyProfile,
  updateTruck,
} from './profile-api';

/*
 * The changes of the company's profile. Each answers with the whole profile, which replaces the
 * cached one (no refetch), and with the server's words for what changed, which the toast says.
 */

function useProfileChange<TVariables>(
  call: (variables: TVariables) => Promise<CompanyProfileResponse>,
  { toast = true }: { toast?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (response) => {
      storeCompanyProfile(queryClient, response);
      if (toast) showToast(response.message, 'success');
    },
  });
}

/** update_profile: name, about, phone and picture. */
export const useUpdateCompanyProfile = () => useProfileChange(updateCompanyProfile);

/**
 * add_zip_code. A refusal about the zip itself (already served, not five digits) is the form's to
 * show under the field, not the toast's.
 */
export const useAddZipCode = () =>
  useProfileChange((zip: string) =>
    addZipCode({ zip_code: zip }, { suppressToast: (e) => e.code === 409 || e.code === 422 }),
  );

/** remove_zip_code. */
export const useRemoveZipCode = () =>
  useProfileChange((zip: string) => removeZipCode({ zip_code: zip }));

/** add_truck. */
export const useAddTruck = () => useProfileChange(addTruck);

/** update_truck: a new name, or active or not. */
export const useUpdateTruck = () => useProfileChange(updateTruck);

/** remove_truck: refused while the truck is on an unfinished move. */
export const useRemoveTruck = () => useProfileChange(removeTruck);

/**
 * invite_foreman, from the invite dialog: its refusal (the email has an account already) shows
 * in the dialog, and the dialog toasts its success.
 */
export const useInviteForeman = () =>
  useProfileChange((body: InviteForemanBody) => inviteForeman(body, { suppressToast: true }), {
    toast: false,
  });

/** invite_foreman again, for a foreman who has not set his password yet. */
export const useResendForemanInvite = () =>
  useProfileChange((foreman: CompanyForeman) =>
    inviteForeman({
      email: foreman.email,
      first_name: foreman.first_name,
      last_name: foreman.last_name,
    }),
  );

/** remove_foreman: refused while he leads an unfinished move. */
export const useRemoveForeman = () => useProfileChange(removeForeman);
