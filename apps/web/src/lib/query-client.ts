import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Server state lives in TanStack Query; one client per app (and per test). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A refused call (4xx) will be refused again; only a lost connection is worth a retry.
        retry: (failureCount, error) =>
          isApiError(error) && error.code !== 0 ? false : failureCount < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
