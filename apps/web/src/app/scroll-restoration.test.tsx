import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { RootLayout } from './root-layout';

/** A page the person has scrolled down to `top`. */
function scrolledTo(top: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: top });
  window.dispatchEvent(new Event('scroll'));
}

function renderPages() {
  // A new tab: no page of it seen yet (the last test's pages were kept as they unmounted).
  sessionStorage.clear();
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    configurable: true,
    value: 3000,
  });
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const view = renderRoutes(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/list', element: <Link to="/detail">Open the detail</Link> },
          { path: '/detail', element: <p>The detail</p> },
        ],
      },
    ],
    '/list',
  );
  return { ...view, scrollTo };
}

describe('the scroll position', () => {
  it('opens a new page at its top and puts a page gone back to where it was left', async () => {
    const { router, scrollTo } = renderPages();
    scrolledTo(1200);
    scrollTo.mockClear();

    await userEvent.click(screen.getByRole('link', { name: 'Open the detail' }));
    expect(await screen.findByText('The detail')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrolledTo(0);
    scrollTo.mockClear();

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('link', { name: 'Open the detail' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);
  });

  it('leaves a page opened by the browser where the browser shows it', () => {
    const { scrollTo } = renderPages();
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
