/**
 * spec/portal.md §7: uploaded images are served from a storage base path plus the returned file
 * name. A value that is already a URL (or a root-relative path) is used as it is.
 */
export const UPLOADS_BASE_PATH = '/uploads/';

export function uploadUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (/^(https?:|data:|blob:|\/)/i.test(value)) return value;
  return `${UPLOADS_BASE_PATH}${value}`;
}
