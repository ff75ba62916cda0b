import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, MSG } from '@movehub/shared';
import { setSession } from '../../lib/storage';
import { buildUser } from '../../test/fixtures';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';
import { GEO_CONFIG_STUB } from '../../test/sessions';

/*
 * The page-view analytics of the app shell (spec/portal.md §2; decision 043): each page shown and
 * each wizard step reached is reported to the server with its path alone, and nothing leaves
 * before the visitor has pressed 'I understand' on the cookie notice.
 */

const EVENT_CALL = '/app_api/analytics_event';

function server() {
  const stub = stubFetch({
    'GET /api/geo/config': GEO_CONFIG_STUB,
    'GET /app_api/social_config': { code: 200, google_client_id: null, facebook_app_id: null },
    [`POST ${EVENT_CALL}`]: { code: 200, recorded: true },
  });
  return { ...stub, events: () => stub.calls.filter((call) => call.path === EVENT_CALL) };
}

const consent = () => {
  document.cookie = `${CONSENT_COOKIE}=1; path=/`;
};

describe('page-view analytics', () => {
  it("sends nothing before 'I understand', then the visit to /create-request and its first step", async () => {
    const { events } = server();
    setSession('token-5', buildUser({ id: 5 }));
    renderApp('/create-request');
    await screen.findByRole('heading', { name: 'When and where are you moving?' });
    // Time for any effect to have sent: none may before consent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events()).toEqual([]);

    await userEvent.setup().click(screen.getByRole('button', { name: MSG.cookieAccept }));
    await waitFor(() => expect(events()).toHaveLength(2));
    expect(events().map((call) => call.body)).toEqual([
      { name: 'pageview', path: '/create-request' },
      { name: 'wizard_step', path: '/create-request', step: 0 },
    ]);
    // No session goes with it, even for a signed-in customer: the count names nobody.
    for (const call of events()) expect(call.headers['x-sh-auth']).toBeUndefined();
  });

  it('with consent given before, reports each page as the router shows it, its path without the query, once', async () => {
    consent();
    const { events } = server();
    const { router } = renderApp('/login?redirect=%2Fdashboard&email=someone%40example.com');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await waitFor(() => expect(events()).toHaveLength(1));
    expect(events()[0]?.body).toEqual({ name: 'pageview', path: '/login' });

    await userEvent.setup().click(screen.getByRole('link', { name: /sign up/i }));
    await screen.findByRole('heading', { level: 1, name: 'Sign Up' });
    await waitFor(() => expect(events()).toHaveLength(2));
    expect(events()[1]?.body).toEqual({ name: 'pageview', path: '/register' });
    expect(router.state.location.pathname).toBe('/register');
  });

  it("leaves the partner console's pages out", async () => {
    consent();
    const { events } = server();
    renderApp('/partner/login');
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events()).toEqual([]);
  });
});
