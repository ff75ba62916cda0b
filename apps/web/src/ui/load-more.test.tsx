import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadMore, type PagedQuery } from './load-more';

const query = (over: Partial<PagedQuery> = {}): PagedQuery => ({
  hasNextPage: true,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  fetchNextPage: vi.fn(() => Promise.resolve()),
  ...over,
});

type ObserverCallback = (entries: { isIntersecting: boolean }[]) => void;
let observed: ObserverCallback[] = [];

afterEach(() => {
  observed = [];
  vi.unstubAllGlobals();
});

function stubObserver() {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(cb: ObserverCallback) {
        observed.push(cb);
      }
      observe() {}
      disconnect() {}
    },
  );
}

describe('LoadMore', () => {
  it('loads the next page by a click', async () => {
    const q = query();
    render(<LoadMore query={q} />);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(q.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('loads the next page by itself when scrolled into view', () => {
    stubObserver();
    const q = query();
    render(<LoadMore query={q} label="Show older requests" />);
    observed[0]!([{ isIntersecting: true }]);
    expect(q.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('shows that a page is loading and waits for it', () => {
    stubObserver();
    render(<LoadMore query={query({ isFetchingNextPage: true })} />);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Loading more…');
    expect(observed).toHaveLength(0);
  });

  it('offers to try again when a page failed, and nothing at the end', async () => {
    const q = query({ isFetchNextPageError: true });
    const { rerender } = render(<LoadMore query={q} errorMessage="Older ones failed." />);
    expect(screen.getByText('Older ones failed.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.fetchNextPage).toHaveBeenCalledTimes(1);
    rerender(<LoadMore query={query({ hasNextPage: false })} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
