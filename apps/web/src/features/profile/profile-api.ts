import type { z } from 'zod';
import type { updateCustomerBodySchema } from '@movehub/shared';
import { callApi, type CallSettings } from '../../lib/api-client';

export type UpdateCustomerBody = z.input<typeof updateCustomerBodySchema>;

/**
 * PUT /api/customer/update_customer (auth): absent fields stay as they are; the answer is the
 * whole new profile. A new email or phone must have been proven with a code first.
 */
export function updateCustomer(
  body: UpdateCustomerBody,
  options: Pick<CallSettings, 'suppressToast'> = {},
) {
  return callApi('PUT /api/customer/update_customer', {
    body,
    ...options,
  });
}
