import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@movehub/shared';
import { getStoredUser, getToken } from '../../lib/storage';
import { getToast } from '../../lib/toast';
import { stubFetch, type StubHandler } from '../../test/fetch-stub';
import { buildUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { customerHomeStubs } from '../../test/sessions';
import type { GoogleCredentialResponse } from './social-sdk';

/*
 * The providers' SDKs are the outside boundary here: they are faked as the globals they install
 * (window.google, window.FB); our server is faked at fetch, as everywhere else.
 */

function fakeGoogle() {
  let callback: (response: GoogleCredentialResponse) => void = () => {};
  const initialize = vi.fn((options: { callback: typeof callback }) => {
    callback = options.callback;
  });
  window.google = {
    accounts: {
      id: {
        initialize,
        renderButton: (parent) => {
          const button = document.createElement('button');
          button.textContent = 'Sign in with Google (provider)';
          button.addEventListener('click', () => callback({ credential: 'google-id-token' }));
          parent.appendChild(button);
        },
      },
    },
  };
  return { initialize };
}

function fakeFacebook(accessToken: string | null) {
  const init = vi.fn();
  window.FB = {
    init,
    login: (callback) =>
      callback(accessToken ? { status: 'connected', authResponse: { accessToken } } : {}),
  };
  return { init };
}

afterEach(() => {
  delete window.google;
  delete window.FB;
});

const socialUser = buildUser({ login_by: 'google' });
const session = { code: 200, data: { auth_token: 'social-token', user: socialUser } };

function renderLogin(
  handlers: Record<string, StubHandler>,
  config: { google_client_id: string | null; facebook_app_id: string | null } = {
    google_client_id: 'google-client',
    facebook_app_id: 'fb-app',
  },
) {
  const server = stubFetch({
    // Where a sign-in leads: the dashboard.
    ...customerHomeStubs(socialUser),
    'GET /app_api/social_config': { code: 200, ...config },
    ...handlers,
  });
  return { ...server, ...renderApp('/login') };
}

/** Signed in: /dashboard, which is My Requests. */
async function expectMyRequests(router: ReturnType<typeof renderApp>['router']) {
  expect(await screen.findByRole('heading', { level: 1, name: 'My Requests' })).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-requests'));
}

describe('Google and Facebook sign-in', () => {
  it('offers only the provider the server has configured', async () => {
    fakeGoogle();
    fakeFacebook(null);
    renderLogin({}, { google_client_id: 'google-client', facebook_app_id: null });

    expect(
      await screen.findByRole('button', { name: 'Sign in with Google (provider)' }),
    ).toBeInTheDocument();
    expect(screen.getByText('or')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Facebook/ })).not.toBeInTheDocument();
  });

  it('signs in with the Google ID token and an empty phone_number first', async () => {
    const { initialize } = fakeGoogle();
    fakeFacebook(null);
    const { calls, router } = renderLogin({ 'POST /api/customer/login_by_google': session });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Sign in with Google (provider)' }));

    await expectMyRequests(router);
    expect(initialize).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: 'google-client' }),
    );
    expect(calls.find((c) => c.path === '/api/customer/login_by_google')?.body).toEqual({
      access_token: 'google-id-token',
      phone_number: '',
    });
    expect(getToken()).toBe('social-token');
    expect(getStoredUser()?.login_by).toBe('google');
  });

  it('signs in with the Facebook access token from FB.login', async () => {
    fakeGoogle();
    const { init } = fakeFacebook('fb-access-token');
    const { calls, router } = renderLogin({ 'POST /api/customer/login_by_facebook': session });
    const user = userEvent.setup();

    // The button waits for the server's configuration and the SDK.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Continue with Facebook' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Continue with Facebook' }));

    await expectMyRequests(router);
    expect(init).toHaveBeenCalledWith(expect.objectContaining({ appId: 'fb-app' }));
    expect(calls.find((c) => c.path === '/api/customer/login_by_facebook')?.body).toEqual({
      access_token: 'fb-access-token',
      phone_number: '',
    });
  });

  it('asks for a phone, verifies it by code and repeats the login with it', async () => {
    fakeGoogle();
    fakeFacebook(null);
    const { calls, router } = renderLogin({
      'POST /api/customer/login_by_google': (body) =>
        (body as { phone_number: string }).phone_number
          ? session
          : { code: 400, message: MSG.phoneRequired, phone_required: true },
      'POST /app_api/send_verification_code_on_ph_number': {
        code: 200,
        message: MSG.phoneCodeSent,
      },
      'POST /app_api/verify_code_send_on_phone_number': (body) =>
        (body as { code: string }).code === '246810'
          ? { code: 200, message: MSG.phoneVerified }
          : { code: 400, message: MSG.codeInvalid },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google (provider)' }));

    // ENTER_PHONE
    const dialog = await screen.findByRole('dialog', { name: MSG.addPhone });
    expect(within(dialog).getByText(MSG.phoneRequired)).toBeInTheDocument();
    expect(getToast()).toBeNull();
    const phone = within(dialog).getByLabelText('Phone number');
    expect(phone).toHaveAttribute('name', 'phone');
    await user.type(phone, '31055');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(MSG.phoneInvalid)).toBeInTheDocument();
    await user.type(phone, '50142');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));

    // ENTER_CODE: a wrong code is told above the form, the right one signs in.
    const code = await within(dialog).findByLabelText('Verification code');
    await user.type(code, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Verify and sign in' }));
    expect(await within(dialog).findByText(MSG.codeInvalid)).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '246810');
    await user.click(within(dialog).getByRole('button', { name: 'Verify and sign in' }));

    await expectMyRequests(router);
    const logins = calls.filter((c) => c.path === '/api/customer/login_by_google');
    expect(logins.map((c) => c.body)).toEqual([
      { access_token: 'google-id-token', phone_number: '' },
      { access_token: 'google-id-token', phone_number: '+13105550142' },
    ]);
    expect(
      calls.find((c) => c.path === '/app_api/send_verification_code_on_ph_number')?.body,
    ).toEqual({ phonenumber: '+13105550142', channel: 'sms' });
    expect(getToken()).toBe('social-token');
  });

  it('shows any other refusal in the toast and signs nobody in', async () => {
    fakeGoogle();
    fakeFacebook(null);
    const { router } = renderLogin({
      'POST /api/customer/login_by_google': {
        code: 400,
        message: MSG.socialTokenInvalid('Google'),
      },
    });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Sign in with Google (provider)' }));

    await waitFor(() =>
      expect(getToast()).toMatchObject({ message: MSG.socialTokenInvalid('Google') }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });
});
