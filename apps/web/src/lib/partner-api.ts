import type { ApiAnswer, ApiCall } from '@movehub/shared';
import { callApi, type CallArgs, type CallOptions } from './api-client';
import { downloadFile } from './download-file';

/**
 * The partner console's api client: `callApi` with the partner session (decision 022), whose
 * token goes with the call and whose 401 ends only the partner's session. Every company and
 * foreman call goes through here, so none can forget the session and act as the customer of the
 * same tab.
 */
export function callPartnerApi<K extends ApiCall>(
  call: K,
  ...[options]: CallArgs<K>
): Promise<ApiAnswer<K>> {
  const partner = { ...options, session: 'partner' } as CallOptions<K>;
  return callApi(call, ...([partner] as CallArgs<K>));
}

/** A file the partner API gives only to the signed-in company or foreman (a signed PDF, a CSV). */
export function downloadPartnerFile(path: string, filename: string): Promise<void> {
  return downloadFile(path, filename, { session: 'partner' });
}
