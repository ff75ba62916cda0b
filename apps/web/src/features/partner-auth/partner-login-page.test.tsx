import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_HEADER, MSG } from '@movehub/shared';
import { getStoredUser, getToken, setSession } from '../../lib/storage';
import { stubFetch } from '../../test/fetch-stub';
import { buildCompanyUser, buildUser } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { companyHomeStubs, foremanHomeStubs } from '../../test/sessions';

/** The console's sign-in page, once its form shows. */
async function renderLogin() {
  const view = renderApp('/partner/login');
  await screen.findByLabelText('Email');
  return view;
}

async function fill(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  return user;
}

beforeAll(
  () => preloadScreens('/partner/login', '/partner/open-requests', '/partner/foreman'),
  60_000,
);

describe('PartnerLoginPage', () => {
  it('has labelled inputs named email, password and user_type, company chosen first', async () => {
    stubFetch({});
    await renderLogin();
    expect(screen.getByLabelText('Email')).toHaveAttribute('name', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('name', 'password');
    const company = screen.getByRole('radio', { name: 'A moving company' });
    const foreman = screen.getByRole('radio', { name: 'A foreman' });
    expect(company).toHaveAttribute('name', 'user_type');
    expect(foreman).toHaveAttribute('name', 'user_type');
    expect(company).toBeChecked();
  });

  it('shows the validation messages and sends nothing for an invalid form', async () => {
    const { calls } = stubFetch({});
    await renderLogin();
    const user = await fill('not-an-email', '123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MSG.loginEmailInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.loginPasswordShort)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("signs a company in to the partner slot, leaves the customer's session be, and opens the console", async () => {
    setSession('customer-token', buildUser());
    const { calls } = stubFetch({
      ...companyHomeStubs(),
      'POST /app_api/login': {
        code: 200,
        data: { auth_token: 'company-token', user: buildCompanyUser() },
      },
    });
    const { router } = await renderLogin();
    const user = await fill('swift@movehub.test', 'Demo@1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    // The console opens on its open requests.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Open requests' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/partner/open-requests');
    expect(calls[0]!.body).toEqual({
      email: 'swift@movehub.test',
      password: 'Demo@1234',
      user_type: 2,
    });
    expect(calls[0]!.headers[AUTH_HEADER]).toBeUndefined();
    expect(getToken('partner')).toBe('company-token');
    expect(getStoredUser('partner')?.user_type).toBe(2);
    expect(getToken()).toBe('customer-token');
  });

  it("shows the server's refusal in the form", async () => {
    stubFetch({ 'POST /app_api/login': { code: 401, message: MSG.invalidCredentials } });
    await renderLogin();
    const user = await fill('swift@movehub.test', 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.invalidCredentials);
    expect(getToken('partner')).toBeNull();
  });

  it('signs a foreman in as user_type 3 and sends him to his jobs', async () => {
    const { calls } = stubFetch({
      ...foremanHomeStubs(),
      'POST /app_api/login': {
        code: 200,
        data: {
          auth_token: 'foreman-token',
          user: buildCompanyUser({ id: 601, user_type: 3, first_name: 'Frank' }),
        },
      },
    });
    const { router } = await renderLogin();
    const user = await fill('frank@movehub.test', 'Demo@1234');
    await user.click(screen.getByRole('radio', { name: 'A foreman' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My jobs' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/partner/foreman');
    expect(calls[0]!.body).toMatchObject({ user_type: 3 });
    // One sign-in (what follows is his jobs screen's own list).
    expect(calls.filter((c) => c.path === '/app_api/login')).toHaveLength(1);
    expect(getToken('partner')).toBe('foreman-token');
    expect(getStoredUser('partner')?.user_type).toBe(3);
  });

  it('disables the button while the sign-in runs', async () => {
    let answer: (() => void) | undefined;
    stubFetch({
      ...companyHomeStubs(),
      'POST /app_api/login': () =>
        new Promise((resolve) => {
          answer = () =>
            resolve({ code: 200, data: { auth_token: 't', user: buildCompanyUser() } });
        }),
    });
    await renderLogin();
    const user = await fill('swift@movehub.test', 'Demo@1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled());
    answer?.();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Open requests' }),
    ).toBeInTheDocument();
  });
});
