import type { z } from 'zod';
import { callApi, type CallApiOptions } from './api-client';
import { downloadFile } from './download-file';

/**
 * The partner console's api client: `callApi` with the partner session (decision 022), whose
 * token goes with the call and whose 401 ends only the partner's session. Every company and
 * foreman call goes through here, so none can forget the session and act as the customer of the
 * same tab.
 */
export function callPartnerApi<TSchema extends z.ZodType>(
  path: string,
  options: Omit<CallApiOptions<TSchema>, 'session'>,
): Promise<z.output<TSchema>> {
  return callApi(path, { ...options, session: 'partner' });
}

/** A file the partner API gives only to the signed-in company or foreman (a signed PDF, a CSV). */
export function downloadPartnerFile(path: string, filename: string): Promise<void> {
  return downloadFile(path, filename, { session: 'partner' });
}
