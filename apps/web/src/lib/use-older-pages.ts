import { useState } from 'react';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { PagedQuery } from '../ui/load-more';

/**
 * The older pages of a list whose newest page came embedded in another answer (a request
 * detail's comments_array and request_timeline, with their next_before_id): nothing is read until
 * the reader asks (LoadMore, by scrolling or by its button), then page after page from `start`
 * by the list's own paged call. `older` holds what was read, oldest first, to show before the
 * embedded page; `more` drives the LoadMore. A new `start` (the embedded page moved on) starts
 * over from it, so no row is shown twice or missed.
 */
export function useOlderPages<Page extends { next_before_id: number | null }, Row>(opts: {
  /** Where the pages are kept: a key that names the start (a new start starts over). */
  queryKey: QueryKey;
  /** The embedded page's next_before_id: null when there is nothing older. */
  start: number | null;
  fetchPage: (beforeId: number, signal: AbortSignal) => Promise<Page>;
  rowsOf: (page: Page) => Row[];
}): { older: Row[]; more: PagedQuery } {
  const { start, fetchPage, rowsOf } = opts;
  const [wanted, setWanted] = useState(false);
  const query = useInfiniteQuery({
    queryKey: opts.queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: start ?? 0,
    getNextPageParam: (last: Page) => last.next_before_id ?? undefined,
    enabled: wanted && start !== null,
  });
  const older = query.data ? [...query.data.pages].reverse().flatMap(rowsOf) : [];
  const more: PagedQuery = query.data
    ? query
    : {
        hasNextPage: start !== null,
        isFetchingNextPage: query.isFetching,
        isFetchNextPageError: query.isError,
        fetchNextPage: async () => {
          if (query.isError) await query.refetch();
          else setWanted(true);
        },
      };
  return { older, more };
}
