import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_PROFILE_TEXT, MSG } from '@movehub/shared';
import { getStoredUser, getToken, setSession } from '../../lib/storage';
import { stubFetch } from '../../test/fetch-stub';
import { buildCompanyUser, buildUser } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { foremanHomeStubs } from '../../test/sessions';

const foreman = buildUser({
  id: 601,
  user_type: 3,
  first_name: 'Carlos',
  last_name: 'Ramirez',
  email: 'carlos@swift.test',
  room_id: 'room-foreman-601',
});

/** The foreman's invitation link. */
function renderPage(at = '/partner/set-password?token=invite-token') {
  return renderApp(at);
}

async function fill(password: string, confirm = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  return user;
}

beforeAll(() => preloadScreens('/partner/set-password', '/partner/foreman'), 60_000);

describe('PartnerSetPasswordPage', () => {
  it('has labelled inputs named password and confirm_password, with the strength meter', async () => {
    stubFetch({});
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Set your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('name', 'password');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('name', 'confirm_password');
    await userEvent.type(screen.getByLabelText('New password'), 'Moving@2026');
    expect(screen.getByRole('progressbar', { name: 'Password strength' })).toBeInTheDocument();
    expect(screen.getByText(/Password strength:/)).toBeInTheDocument();
  });

  it('sets the password, signs the foreman in to the partner slot and opens the console', async () => {
    setSession('customer-token', buildUser());
    setSession('company-token', buildCompanyUser(), 'partner');
    const { calls } = stubFetch({
      ...foremanHomeStubs(),
      'POST /app_api/set_foreman_password': {
        code: 200,
        message: COMPANY_PROFILE_TEXT.foremanPasswordSet,
        data: { auth_token: 'foreman-token', user: foreman },
      },
    });
    const { router } = renderPage();
    const user = await fill('Moving@2026');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));

    // The console, which for a foreman is his jobs.
    expect(await screen.findByRole('heading', { level: 1, name: 'My jobs' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/partner/foreman');
    expect(calls[0]?.body).toEqual({
      token: 'invite-token',
      password: 'Moving@2026',
      confirm_password: 'Moving@2026',
    });
    expect(calls[0]?.headers['x-sh-auth']).toBeUndefined();
    expect(getToken('partner')).toBe('foreman-token');
    expect(getStoredUser('partner')).toEqual(foreman);
    // The customer's session in the other slot stays.
    expect(getToken()).toBe('customer-token');
    expect(await screen.findByText(COMPANY_PROFILE_TEXT.foremanPasswordSet)).toBeInTheDocument();
  });

  it('shows the validation messages and sends nothing for a weak or unconfirmed password', async () => {
    const { calls } = stubFetch({});
    renderPage();
    const user = await fill('Moving@2026', 'Moving@2027');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText(MSG.passwordMismatch)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal of a used or expired link", async () => {
    stubFetch({
      'POST /app_api/set_foreman_password': {
        code: 400,
        message: COMPANY_PROFILE_TEXT.inviteLinkInvalid,
      },
    });
    renderPage();
    const user = await fill('Moving@2026');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText(COMPANY_PROFILE_TEXT.inviteLinkInvalid)).toBeInTheDocument();
    expect(getToken('partner')).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Set password and sign in' })).toBeEnabled(),
    );
  });

  it('says the link is invalid when it carries no token', async () => {
    const { calls } = stubFetch({});
    renderPage('/partner/set-password');
    expect(await screen.findByText(COMPANY_PROFILE_TEXT.inviteLinkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Partner login' })).toHaveAttribute(
      'href',
      '/partner/login',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
