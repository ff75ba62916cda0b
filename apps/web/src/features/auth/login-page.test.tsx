import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, type GenerateRequestBody } from '@movehub/shared';
import { SAVED_REQUEST_KEY, saveRequest, WIZARD_DRAFT_KEY } from '../../lib/saved-request';
import { getToast } from '../../lib/toast';
import { getStoredUser, getToken, readString, writeString } from '../../lib/storage';
import { stubFetch } from '../../test/fetch-stub';
import { buildUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { customerHomeStubs, GEO_CONFIG_STUB } from '../../test/sessions';

// Social sign-in asks the server which providers it can verify; here none is configured.
const NO_SOCIAL = {
  'GET /app_api/social_config': { code: 200, google_client_id: null, facebook_app_id: null },
};

/** The page at /login (with the page state a link gave it), once its form shows. */
async function renderLogin(state?: unknown) {
  const view = renderApp({ pathname: '/login', state });
  await screen.findByRole('heading', { level: 1, name: 'Login' });
  return view;
}

const SIGNED_IN = {
  'POST /app_api/login': { code: 200, data: { auth_token: 'token-123', user: buildUser() } },
  // Where a sign-in leads: the dashboard's calls (and the wizard's map, after a failed submit).
  ...customerHomeStubs(),
  'GET /api/geo/config': GEO_CONFIG_STUB,
};

/** A request a visitor built in the wizard before logging in (spec/portal.md §2 Login). */
const SAVED_REQUEST: GenerateRequestBody = {
  request_type: '0',
  customer_budget: '900',
  address_array: [
    {
      complete_address: '100 Main St, Los Angeles, CA',
      zip_code: '90012',
      address_type: '1',
      latitude: 34.05,
      longitude: -118.24,
    },
    {
      complete_address: '200 Ocean Ave, Santa Monica, CA',
      zip_code: '90401',
      address_type: '2',
      latitude: 34.01,
      longitude: -118.49,
    },
  ],
  starting_lat: 34.05,
  starting_long: -118.24,
  move_type: 1,
  payment_status: '0',
  s_date: '12-01-2099',
  s_time: '8AM - 12PM Morning',
  movers: 2,
  items_array: [],
};
const CREATED = {
  code: 200,
  data: { Request_ID: { id: 41, public_access_link: 'pub-41' }, phone: null },
};

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

describe('LoginPage', () => {
  it('labels the inputs Email and Password and names them with the wire fields', async () => {
    stubFetch(NO_SOCIAL);
    await renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(email).toHaveAttribute('name', 'email');
    expect(email).toHaveAttribute('type', 'email');
    expect(password).toHaveAttribute('name', 'password');
    expect(password).toHaveAttribute('type', 'password');
  });

  it('shows the spec validation messages next to the fields and sends nothing', async () => {
    const { calls } = stubFetch(NO_SOCIAL);
    await renderLogin();
    await fillAndSubmit('not-an-email', '12345');

    expect(await screen.findByText(MSG.loginEmailInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.loginPasswordShort)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.path === '/app_api/login')).toBe(false);
  });

  it("shows the server's 'Invalid Email or Password' as the product's sentence, without a toast", async () => {
    stubFetch({
      ...NO_SOCIAL,
      'POST /app_api/login': { code: 400, message: MSG.invalidCredentials },
    });
    await renderLogin();
    await fillAndSubmit('demo@movehub.test', 'wrong-password');

    expect(await screen.findByText(MSG.invalidCredentialsShown)).toBeInTheDocument();
    expect(screen.queryByText(MSG.invalidCredentials)).not.toBeInTheDocument();
    expect(getToast()).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('shows any other server failure message in the red toast', async () => {
    stubFetch({
      ...NO_SOCIAL,
      'POST /app_api/login': { code: 429, message: MSG.tooManyRequests },
    });
    await renderLogin();
    await fillAndSubmit('demo@movehub.test', 'Demo@1234');

    expect(await screen.findByText(MSG.tooManyRequests)).toBeInTheDocument();
    expect(getToast()).toMatchObject({ message: MSG.tooManyRequests, severity: 'error' });
    expect(screen.queryByText(MSG.invalidCredentialsShown)).not.toBeInTheDocument();
  });

  it('disables the Login button while the call runs', async () => {
    let answer: (reply: { code: number; message: string }) => void = () => {};
    stubFetch({
      ...NO_SOCIAL,
      'POST /app_api/login': () => new Promise((resolve) => (answer = resolve)),
    });
    await renderLogin();
    await fillAndSubmit('demo@movehub.test', 'Demo@1234');

    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled());
    answer({ code: 400, message: MSG.invalidCredentials });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
  });

  it('stores the token and user and goes to /dashboard on success', async () => {
    const user = buildUser();
    const { calls } = stubFetch({
      ...NO_SOCIAL,
      ...customerHomeStubs(user),
      'POST /app_api/login': { code: 200, data: { auth_token: 'token-123', user } },
    });
    const { router } = await renderLogin();
    await fillAndSubmit('  demo@movehub.test ', 'Demo@1234');

    // /dashboard is My Requests.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Requests' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-requests'));
    expect(calls.find((call) => call.path === '/app_api/login')?.body).toEqual({
      email: 'demo@movehub.test',
      password: 'Demo@1234',
      user_type: 1,
    });
    expect(getToken()).toBe('token-123');
    expect(getStoredUser()).toEqual(user);
  });

  it('offers no Google or Facebook button when the server has neither configured', async () => {
    const { calls } = stubFetch(NO_SOCIAL);
    await renderLogin();

    await waitFor(() => expect(calls.map((call) => call.path)).toEqual(['/app_api/social_config']));
    // Let the answer render before looking for what it leaves out.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('button', { name: /Google/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Facebook/ })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('links to the password reset and sign-up screens', async () => {
    stubFetch(NO_SOCIAL);
    await renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forget-password',
    );
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
  });

  describe('with a request saved before login', () => {
    it('sends it first, then lands on /dashboard/congratulations with it and the draft cleared', async () => {
      const { calls } = stubFetch({
        ...NO_SOCIAL,
        ...SIGNED_IN,
        'POST /api/customer/generate_request': CREATED,
      });
      writeString(WIZARD_DRAFT_KEY, '{"screen":7}');
      saveRequest(SAVED_REQUEST);
      const { router } = await renderLogin({ savedRequest: SAVED_REQUEST });
      await fillAndSubmit('demo@movehub.test', 'Demo@1234');

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Congratulations!' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard/congratulations');
      const sent = calls.filter((call) => call.path === '/api/customer/generate_request');
      expect(sent).toHaveLength(1);
      expect(sent[0]?.body).toEqual(SAVED_REQUEST);
      expect(sent[0]?.headers['x-sh-auth']).toBe('token-123');
      expect(readString(SAVED_REQUEST_KEY)).toBeNull();
      expect(readString(WIZARD_DRAFT_KEY)).toBeNull();
    });

    it('finds the stored saved request when the page state is gone', async () => {
      const { calls } = stubFetch({
        ...NO_SOCIAL,
        ...SIGNED_IN,
        'POST /api/customer/generate_request': CREATED,
      });
      saveRequest(SAVED_REQUEST);
      const { router } = await renderLogin();
      await fillAndSubmit('demo@movehub.test', 'Demo@1234');

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Congratulations!' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard/congratulations');
      expect(calls.filter((call) => call.path === '/api/customer/generate_request')).toHaveLength(
        1,
      );
    });

    it('shows a failed submit in the error toast and opens the wizard with its draft', async () => {
      stubFetch({
        ...NO_SOCIAL,
        ...SIGNED_IN,
        'POST /api/customer/generate_request': {
          code: 400,
          message: 'The move date cannot be in the past.',
        },
      });
      writeString(WIZARD_DRAFT_KEY, '{"screen":7}');
      const { router } = await renderLogin({ savedRequest: SAVED_REQUEST });
      await fillAndSubmit('demo@movehub.test', 'Demo@1234');

      await waitFor(() => expect(router.state.location.pathname).toBe('/create-request'));
      expect(getToast()).toMatchObject({
        message: 'The move date cannot be in the past.',
        severity: 'error',
      });
      expect(getToken()).toBe('token-123');
      expect(readString(WIZARD_DRAFT_KEY)).toBe('{"screen":7}');
    });

    it('carries the saved request along to the sign-up link', async () => {
      stubFetch(NO_SOCIAL);
      const { router } = await renderLogin({ savedRequest: SAVED_REQUEST });
      expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
      expect(router.state.location.state).toEqual({ savedRequest: SAVED_REQUEST });
    });
  });
});
