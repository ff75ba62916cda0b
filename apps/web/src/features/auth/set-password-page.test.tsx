import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, RESET_REDIRECT_MS } from '@movehub/shared';
import { getToast } from '../../lib/toast';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

/** The page at the reset link's URL, once its form shows. */
async function renderSetPassword() {
  const view = renderApp('/set-forget-password/reset-token-1');
  await screen.findByLabelText('New password');
  return view;
}

async function choose(password: string, confirm: string, fakeTimers = false) {
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Save password' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SetPasswordPage', () => {
  it('applies the sign-up password rules and rates the password', async () => {
    const { fetchMock } = stubFetch({});
    await renderSetPassword();
    expect(screen.getByLabelText('New password')).toHaveAttribute('name', 'password');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('name', 'confirm_password');

    await choose('short', 'short');
    expect(await screen.findByText(MSG.passwordShort)).toBeInTheDocument();
    expect(screen.getByText('Very Weak')).toBeInTheDocument();

    await userEvent.setup().clear(screen.getByLabelText('New password'));
    await choose('Strong@123', 'Strong@124');
    expect(await screen.findByText(MSG.passwordMismatch)).toBeInTheDocument();
    expect(screen.getByText('Medium')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the token as jwt_token, shows the server message and goes to /login after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = stubFetch({
      'POST /app_api/change_password': { code: 200, message: MSG.passwordChanged },
    });
    const { router } = await renderSetPassword();
    await choose('Strong@123', 'Strong@123', true);

    expect(await screen.findByText(MSG.passwordChanged)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      password: 'Strong@123',
      confirm_password: 'Strong@123',
      jwt_token: 'reset-token-1',
    });
    act(() => vi.advanceTimersByTime(RESET_REDIRECT_MS - 200));
    expect(router.state.location.pathname).toBe('/set-forget-password/reset-token-1');
    act(() => vi.advanceTimersByTime(400));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  });

  it('shows the server message of an invalid or used link where the form is', async () => {
    stubFetch({ 'POST /app_api/change_password': { code: 400, message: MSG.resetLinkInvalid } });
    const { router } = await renderSetPassword();
    await choose('Strong@123', 'Strong@123');

    expect(await screen.findByText(MSG.resetLinkInvalid)).toBeInTheDocument();
    expect(getToast()).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forget-password',
    );
    expect(router.state.location.pathname).toBe('/set-forget-password/reset-token-1');
  });
});
