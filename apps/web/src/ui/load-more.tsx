import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { LoadError } from './load-error';

/** What LoadMore needs of a TanStack infinite query. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The end of a paged list (keyset pages, ARCHITECTURE.md Data): the next page loads by itself as
 * the reader scrolls to here, and a button loads it by click, tap or keyboard where scrolling
 * does not reach (a short page, a screen reader). While a page loads the button shows it and
 * says so; a page that failed offers Retry. Nothing shows at the end of the list.
 */
export function LoadMore({
  query,
  label = 'Load more',
  errorMessage = 'The older entries could not be loaded.',
}: {
  query: PagedQuery;
  /** The button's words: 'Load more', 'Show older requests'. */
  label?: string;
  /** What could not be loaded, when a page failed. */
  errorMessage?: string;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const canLoad = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !canLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [canLoad, fetchNextPage]);

  if (isFetchNextPageError) {
    return <LoadError sx={{ mt: 3 }} message={errorMessage} onRetry={() => fetchNextPage()} />;
  }
  if (!hasNextPage) return null;
  return (
    <Box ref={sentinel} sx={{ textAlign: 'center', mt: 3 }}>
      <Button
        variant="outlined"
        disabled={isFetchingNextPage}
        onClick={() => void fetchNextPage()}
        aria-busy={isFetchingNextPage}
        startIcon={
          isFetchingNextPage ? (
            <CircularProgress aria-hidden size={18} color="inherit" />
          ) : undefined
        }
      >
        {label}
      </Button>
      {isFetchingNextPage && (
        <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Loading more…
        </Typography>
      )}
    </Box>
  );
}
