import { queryOptions } from '@tanstack/react-query';
import { profileResponseSchema } from '@movehub/shared';
import { callApi } from '../../lib/api-client';
import { setStoredUser } from '../../lib/storage';

/** GET /api/customer/profile_customer (auth): the profile and the customer's rating. */
export async function getProfile(signal?: AbortSignal) {
  const response = await callApi('/api/customer/profile_customer', {
    schema: profileResponseSchema,
    signal,
  });
  // The stored user is what the shell shows first on the next load; keep it current.
  setStoredUser(response.profile);
  return response;
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 60_000,
  });
