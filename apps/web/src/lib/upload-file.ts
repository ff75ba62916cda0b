import { MSG, UPLOAD_LIMIT_BYTES, type UPLOAD_TYPES } from '@movehub/shared';
import { callApi } from './api-client';

/**
 * POST /app_api/upload_s3_file: multipart upload_file, no token (spec §7 "uploads send none").
 * upload_type says what the image is for ('profile' for profile pictures); the answer's
 * file_url is what later calls store.
 */
export function uploadFile(file: File, uploadType?: (typeof UPLOAD_TYPES)[number]) {
  const form = new FormData();
  if (uploadType) form.append('upload_type', uploadType);
  form.append('upload_file', file);
  return callApi('POST /app_api/upload_s3_file', {
    body: form,
    withToken: false,
  });
}

/** Images only, 5 MB at most: the server checks the bytes; this saves a useless upload. */
export function imageFileProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return MSG.uploadNotImage;
  if (file.size > UPLOAD_LIMIT_BYTES) return MSG.uploadTooLarge;
  return null;
}
