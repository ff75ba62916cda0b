import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AddTruckBody,
  CompanyProfileResponse,
  InviteForemanBody,
  UpdateCompanyProfileBody,
  UpdateTruckBody,
  ZipCodeBody,
} from '@movehub/shared';
import type { CallSettings } from '../../lib/api-client';
import { callPartnerApi } from '../../lib/partner-api';
import { PARTNER_QUERY_ROOT } from '../../lib/partner-query';

/*
 * The company's profile, read and changed with the partner session
 * (decision 022). Every change answers with the whole profile, which replaces the cached one.
 */

export const companyProfileKey = [...PARTNER_QUERY_ROOT, 'company-profile'] as const;

type Options = Pick<CallSettings, 'suppressToast'>;

/** POST /api/company/profile */
export const getCompanyProfile = (signal?: AbortSignal, options?: Options) =>
  callPartnerApi('POST /api/company/profile', { signal, ...options });

/** The profile; `options.suppressToast` for a reader that has its own fallback (the header). */
export const companyProfileQueryOptions = (options?: Options) =>
  queryOptions({
    queryKey: companyProfileKey,
    queryFn: ({ signal }) => getCompanyProfile(signal, options),
  });

/** Puts a change's answer in the cache: the screen shows the profile as the server has it. */
export function storeCompanyProfile(queryClient: QueryClient, response: CompanyProfileResponse) {
  queryClient.setQueryData(companyProfileKey, response);
}

export const updateCompanyProfile = (body: UpdateCompanyProfileBody) =>
  callPartnerApi('POST /api/company/update_profile', { body });
export const addZipCode = (body: ZipCodeBody, options?: Options) =>
  callPartnerApi('POST /api/company/add_zip_code', { body, ...options });
export const removeZipCode = (body: ZipCodeBody) =>
  callPartnerApi('POST /api/company/remove_zip_code', { body });
export const addTruck = (body: AddTruckBody, options?: Options) =>
  callPartnerApi('POST /api/company/add_truck', { body, ...options });
export const updateTruck = (body: UpdateTruckBody) =>
  callPartnerApi('POST /api/company/update_truck', { body });
export const removeTruck = (truckId: number) =>
  callPartnerApi('POST /api/company/remove_truck', { body: { truck_id: truckId } });
export const inviteForeman = (body: InviteForemanBody, options?: Options) =>
  callPartnerApi('POST /api/company/invite_foreman', { body, ...options });
export const removeForeman = (foremanId: number) =>
  callPartnerApi('POST /api/company/remove_foreman', { body: { foreman_id: foremanId } });
