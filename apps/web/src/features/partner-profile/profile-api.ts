import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  companyProfileResponseSchema,
  type AddTruckBody,
  type CompanyProfileResponse,
  type InviteForemanBody,
  type UpdateCompanyProfileBody,
  type UpdateTruckBody,
  type ZipCodeBody,
} from '@movehub/shared';
import type { CallApiOptions } from '../../lib/api-client';
import { callPartnerApi } from '../../lib/partner-api';
import { PARTNER_QUERY_ROOT } from '../../lib/partner-query';

/*
 * The company's profile, read and changed with the partner session
 * (decision 022). Every change answers with the whole profile, which replaces the cached one.
 */

export const companyProfileKey = [...PARTNER_QUERY_ROOT, 'company-profile'] as const;

type Options = Pick<CallApiOptions<typeof companyProfileResponseSchema>, 'suppressToast'>;

function companyCall(path: string, body: unknown, options: Options = {}, signal?: AbortSignal) {
  return callPartnerApi(`/api/company/${path}`, {
    method: 'POST',
    body,
    schema: companyProfileResponseSchema,
    signal,
    ...options,
  });
}

/** POST /api/company/profile */
export const getCompanyProfile = (signal?: AbortSignal) =>
  companyCall('profile', undefined, {}, signal);

export const companyProfileQueryOptions = () =>
  queryOptions({
    queryKey: companyProfileKey,
    queryFn: ({ signal }) => getCompanyProfile(signal),
  });

/** Puts a change's answer in the cache: the screen shows the profile as the server has it. */
export function storeCompanyProfile(queryClient: QueryClient, response: CompanyProfileResponse) {
  queryClient.setQueryData(companyProfileKey, response);
}

export const updateCompanyProfile = (body: UpdateCompanyProfileBody) =>
  companyCall('update_profile', body);
export const addZipCode = (body: ZipCodeBody, options?: Options) =>
  companyCall('add_zip_code', body, options);
export const removeZipCode = (body: ZipCodeBody) => companyCall('remove_zip_code', body);
export const addTruck = (body: AddTruckBody, options?: Options) =>
  companyCall('add_truck', body, options);
export const updateTruck = (body: UpdateTruckBody) => companyCall('update_truck', body);
export const removeTruck = (truckId: number) => companyCall('remove_truck', { truck_id: truckId });
export const inviteForeman = (body: InviteForemanBody, options?: Options) =>
  companyCall('invite_foreman', body, options);
export const removeForeman = (foremanId: number) =>
  companyCall('remove_foreman', { foreman_id: foremanId });
