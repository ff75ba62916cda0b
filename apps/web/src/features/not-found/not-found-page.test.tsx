import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { NotFoundPage } from './not-found-page';

const routes = [
  { path: '/', element: <h1>Home</h1> },
  { path: '/previous', element: <h1>Previous page</h1> },
  { path: '*', element: <NotFoundPage /> },
];

describe('NotFoundPage', () => {
  it('shows a Page not found heading and a Go Back button', () => {
    renderRoutes(routes, '/missing');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('Go Back returns to the previous page', async () => {
    const { router } = renderRoutes(routes, '/previous');
    await router.navigate('/missing');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Go Back' }));

    expect(await screen.findByRole('heading', { name: 'Previous page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/previous');
  });

  it('Go Back leads home when the 404 page is the first page of the visit', async () => {
    // A new tab's history holds this page alone (the test's window has seen other tests').
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(1);
    const { router } = renderRoutes(routes, '/missing');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go Back' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });
});
