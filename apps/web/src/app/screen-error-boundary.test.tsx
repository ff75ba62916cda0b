import { act, screen } from '@testing-library/react';
import { Link } from 'react-router';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { RootLayout } from './root-layout';
import { SCREEN_FAILED } from '../lib/screen-failed';
import { ScreenOutlet } from './screen-outlet';

function Broken(): never {
  throw new Error('render failed');
}

describe('a screen that fails', () => {
  it('says so in its place, keeps the layout, and the next page renders anew', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const layout = (
      <>
        <nav>
          <Link to="/fine">Fine page</Link>
        </nav>
        <ScreenOutlet />
      </>
    );
    renderRoutes(
      [
        {
          element: <RootLayout />,
          children: [
            {
              element: layout,
              children: [
                { path: 'broken', element: <Broken /> },
                { path: 'fine', element: <p>All well</p> },
              ],
            },
          ],
        },
      ],
      '/broken',
    );

    expect(await screen.findByText(SCREEN_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();

    await act(() => user.click(screen.getByRole('link', { name: 'Fine page' })));

    expect(await screen.findByText('All well')).toBeInTheDocument();
    expect(screen.queryByText(SCREEN_FAILED)).not.toBeInTheDocument();
  });
});
