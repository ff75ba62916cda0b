import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { type ProfileResponse, type SessionUser } from '@movehub/shared';
import { callApi } from './api-client';
import { setStoredUser } from './storage';

/*
 * The customer's own profile. The shell (sidebar), Edit Profile and the referral program all read
 * it, so the query lives here rather than in one of those features.
 */

export const profileKeys = {
  all: ['profile'] as const,
};

/** GET /api/customer/profile_customer (auth): the profile and the customer's rating. */
export async function getProfile(signal?: AbortSignal) {
  const response = await callApi('GET /api/customer/profile_customer', { signal });
  // The stored user is what the shell shows first on the next load; keep it current.
  setStoredUser(response.profile);
  return response;
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.all,
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 60_000,
  });

/** After update_customer: the answer is the new profile; store it and show it everywhere. */
export function storeUpdatedProfile(queryClient: QueryClient, user: SessionUser): void {
  setStoredUser(user);
  queryClient.setQueryData<ProfileResponse>(profileKeys.all, (previous) =>
    previous ? { ...previous, profile: user } : previous,
  );
}
