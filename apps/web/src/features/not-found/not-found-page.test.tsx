import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';
import { GEO_CONFIG_STUB } from '../../test/sessions';

describe('NotFoundPage', () => {
  it('shows a Page not found heading and a Go Back button', async () => {
    renderApp('/missing');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('Go Back returns to the previous page', async () => {
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    await act(() => router.navigate('/missing'));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Go Back' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('Go Back leads home when the 404 page is the first page of the visit', async () => {
    stubFetch({ 'GET /api/geo/config': GEO_CONFIG_STUB });
    // A new tab's history holds this page alone (the test's window has seen other tests').
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(1);
    const { router } = renderApp('/missing');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Go Back' }));

    // Home is the wizard (the route table sends / on to /create-request).
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-request'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'When and where are you moving?' }),
    ).toBeInTheDocument();
  });
});
