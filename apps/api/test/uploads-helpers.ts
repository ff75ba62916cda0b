import type { FastifyInstance } from 'fastify';

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A photo uploaded through the real call (upload_s3_file, no token, as the wizard and the edit
 * screens upload each photo before they send it): its file_url.
 */
export async function uploadPhoto(app: FastifyInstance, uploadType = 'item'): Promise<string> {
  const fd = new FormData();
  fd.append('upload_type', uploadType);
  fd.append('upload_file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'photo.png');
  const res = await app.inject({
    method: 'POST',
    url: '/app_api/upload_s3_file',
    payload: fd as never,
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return (res.json() as { file_url: string }).file_url;
}
