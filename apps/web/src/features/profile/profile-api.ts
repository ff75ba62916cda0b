import type { z } from 'zod';
import type { updateCustomerBodySchema } from '@movehub/shared';
import { updateCustomerResponseSchema, uploadResponseSchema } from '@movehub/shared';
import { callApi, type CallApiOptions } from '../../lib/api-client';

export type UpdateCustomerBody = z.input<typeof updateCustomerBodySchema>;

/**
 * PUT /api/customer/update_customer (auth): absent fields stay as they are; the answer is the
 * whole new profile. A new email or phone must have been proven with a code first.
 */
export function updateCustomer(
  body: UpdateCustomerBody,
  options: Pick<CallApiOptions<typeof updateCustomerResponseSchema>, 'suppressToast'> = {},
) {
  return callApi('/api/customer/update_customer', {
    method: 'PUT',
    body,
    schema: updateCustomerResponseSchema,
    ...options,
  });
}

/** POST /app_api/upload_s3_file: multipart upload_file with upload_type 'profile', no token. */
export function uploadProfilePicture(file: File) {
  const form = new FormData();
  form.append('upload_type', 'profile');
  form.append('upload_file', file);
  return callApi('/app_api/upload_s3_file', {
    method: 'POST',
    body: form,
    schema: uploadResponseSchema,
    withToken: false,
  });
}
