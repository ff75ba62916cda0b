import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** GET /api/admin/get_setting: the About Us HTML (no customer-specific rule, spec/portal.md §6). */
export function getSettings(signal?: AbortSignal) {
  return callApi('GET /api/admin/get_setting', { signal });
}

export const settingsKeys = {
  all: ['settings'] as const,
};

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => getSettings(signal),
    select: (response) => response.setting_data,
    staleTime: 5 * 60_000,
  });
