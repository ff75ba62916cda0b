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

/**
 * The file names the upload call gives (random hex and the detected image type); the server
 * accepts item photos of this shape only, and only its own uploads (decision 037).
 */
const UPLOAD_KEY = /^[a-f0-9]{32}\.(jpg|png|gif|webp)$/;

/**
 * An item photo's URL when the stored value is one of our uploads: the bare file name (served
 * from the base path), the disk storage's /uploads/<name>, or an https address ending in the name
 * (the S3 bucket's). Anything else (javascript:, data:, another site's page, a path with tricks
 * in it) is undefined and not shown: the photo becomes an image and a link on the console, the
 * foreman's phone and the detail, and the server refuses such values (defence in depth).
 */
export function itemPhotoUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (UPLOAD_KEY.test(value)) return `${UPLOADS_BASE_PATH}${value}`;
  if (value.startsWith(UPLOADS_BASE_PATH)) {
    return UPLOAD_KEY.test(value.slice(UPLOADS_BASE_PATH.length)) ? value : undefined;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const name = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  const plain = !url.search && !url.hash && !url.username && !url.password;
  return url.protocol === 'https:' && plain && UPLOAD_KEY.test(name) ? value : undefined;
}
