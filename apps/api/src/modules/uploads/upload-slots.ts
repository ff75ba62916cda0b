import { BoundedQueue } from '../../lib/bounded-queue';

/**
 * The process's upload slots (issue 30): 4 at once (a 5 MB upload streams in a few 64 KB
 * chunks, so memory stays near a megabyte whatever the burst), 16 waiting, each at most 10 s,
 * since an upload holds its turn while its client sends; past that, 503 with Retry-After 5 s
 * (not an overload a retry at once would help; a few seconds will).
 */
export const uploadSlots = new BoundedQueue(4, 16, { maxWaitMs: 10_000, retryAfterSeconds: 5 });
