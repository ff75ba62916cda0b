import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeUpdatedProfile } from '../../lib/profile-query';
import { updateCustomer, type UpdateCustomerBody } from './profile-api';

/** update_customer: its answer is the whole new profile, which replaces the cached one. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCustomerBody) => updateCustomer(body),
    onSuccess: (response) => storeUpdatedProfile(queryClient, response.data),
  });
}
