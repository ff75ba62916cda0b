import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HOW_FOUND_US, MSG } from '@movehub/shared';
import { getStoredUser, getToken, setSession } from '../../lib/storage';
import { getToast } from '../../lib/toast';
import { stubFetch, type StubHandler } from '../../test/fetch-stub';
import { buildUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { GEO_CONFIG_STUB } from '../../test/sessions';

const OK = { code: 200, message: 'Success' };

/** The page at `at` (/register, or a referral link), once its form shows. */
async function renderRegister(at: Parameters<typeof renderApp>[0] = '/register') {
  const view = renderApp(at);
  await screen.findByRole('heading', { level: 1, name: 'Sign Up' });
  return view;
}

/** A server that accepts the whole sign-up; one call may be overridden. */
function stubSignUp(overrides: Record<string, StubHandler> = {}) {
  return stubFetch({
    'POST /app_api/validateEmailandPhone': OK,
    'POST /app_api/send_verification_code_on_email': { code: 200, message: MSG.emailCodeSent },
    'POST /app_api/verify_code_send_on_email': (body) =>
      (body as { code: string }).code === '123456'
        ? { code: 200, message: MSG.emailVerified }
        : { code: 400, message: MSG.codeInvalid },
    'POST /app_api/send_verification_code_on_ph_number': { code: 200, message: MSG.phoneCodeSent },
    'POST /app_api/verify_code_send_on_phone_number': (body) =>
      (body as { code: string }).code === '654321'
        ? { code: 200, message: MSG.phoneVerified }
        : { code: 400, message: MSG.codeInvalid },
    'POST /api/customer/register_customer': {
      code: 200,
      message: MSG.registered,
      data: { auth_token: 'new-token', user: buildUser({ first_name: 'Ana', last_name: 'Lee' }) },
    },
    // Where a sign-up leads: the wizard, with its map.
    'GET /api/geo/config': GEO_CONFIG_STUB,
    ...overrides,
  });
}

async function fillForm(
  user: UserEvent,
  values: Partial<
    Record<'first' | 'last' | 'phone' | 'email' | 'password' | 'confirm', string>
  > = {},
) {
  const v = {
    first: '  Ana ',
    last: 'Lee',
    email: ' Ana@Example.test ',
    password: 'Strong@123',
    confirm: 'Strong@123',
    ...values,
  };
  if (v.first) await user.type(screen.getByLabelText('First name'), v.first);
  if (v.last) await user.type(screen.getByLabelText('Last name'), v.last);
  if (v.phone) await user.type(screen.getByLabelText('Phone number (optional)'), v.phone);
  if (v.email) await user.type(screen.getByLabelText('Email'), v.email);
  if (v.password) await user.type(screen.getByLabelText('Password'), v.password);
  if (v.confirm) await user.type(screen.getByLabelText('Confirm password'), v.confirm);
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Sign Up' }));

async function enterCode(user: UserEvent, code: string) {
  const input = await screen.findByLabelText('Verification code');
  await user.clear(input);
  await user.type(input, code);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('RegisterPage', () => {
  it('labels every field and names it with its wire field', async () => {
    await renderRegister('/register/DANA5');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    const names = {
      'First name': 'first_name',
      'Last name': 'last_name',
      'Phone number (optional)': 'phone',
      Email: 'email',
      Password: 'password',
      'Confirm password': 'confirm_password',
      'How did you find us?': 'how_found_us',
    };
    for (const [label, name] of Object.entries(names)) {
      expect(screen.getByLabelText(label)).toHaveAttribute('name', name);
    }
    expect(document.querySelector('input[name="reference_code"]')).toHaveValue('DANA5');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('offers the how_found_us options with facebook chosen by default', async () => {
    await renderRegister();
    const select = screen.getByLabelText('How did you find us?');
    expect(select).toHaveValue('facebook');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual([...HOW_FOUND_US]);
  });

  it('shows the section 5 messages next to the fields and sends nothing', async () => {
    const { fetchMock } = stubFetch({});
    await renderRegister();
    const user = userEvent.setup();
    await fillForm(user, {
      first: '4',
      last: ' ',
      phone: '31055',
      email: 'ana@',
      password: 'short',
      confirm: 'other',
    });
    await submit(user);

    expect(await screen.findByText(MSG.firstNameInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.lastNameInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.phoneInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.signupEmailInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordShort)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordMismatch)).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for two name characters and a password with all three classes', async () => {
    stubFetch({});
    await renderRegister();
    const user = userEvent.setup();
    await fillForm(user, { first: 'A', password: 'longbutweak', confirm: 'longbutweak' });
    await submit(user);

    expect(await screen.findByText(MSG.firstNameShort)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordWeak)).toBeInTheDocument();
  });

  it('rates the password Very Weak, Medium or Strong as it is typed', async () => {
    await renderRegister();
    const user = userEvent.setup();
    const password = screen.getByLabelText('Password');
    expect(screen.queryByText(/Password strength/)).not.toBeInTheDocument();

    await user.type(password, 'abc');
    expect(screen.getByText('Very Weak')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'Abcdef1!');
    expect(screen.getByText('Medium')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'Abcdefgh12!x');
    expect(screen.getByText('Strong')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Password strength' })).toHaveAttribute(
      'aria-valuetext',
      'Strong',
    );
  });

  it('masks the phone as (###) ###-#### while it is typed', async () => {
    await renderRegister();
    const user = userEvent.setup();
    const phone = screen.getByLabelText('Phone number (optional)');
    await user.type(phone, '31055501429999');
    expect(phone).toHaveValue('(310) 555-0142');
  });

  it('signs up with the email code: validate, send, verify, register, then /create-request', async () => {
    const { calls } = stubSignUp();
    const { router } = await renderRegister('/register/DANA5');
    const user = userEvent.setup();
    await fillForm(user);
    await submit(user);

    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(MSG.emailCodeSent);
    expect(screen.getByText('ana@example.test')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('name', 'code');
    await enterCode(user, '123456');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'When and where are you moving?' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create-request');
    await waitFor(() => expect(getToken()).toBe('new-token'));
    expect(getStoredUser()?.first_name).toBe('Ana');
    expect(calls.map((call) => call.path)).toEqual([
      '/app_api/validateEmailandPhone',
      '/app_api/send_verification_code_on_email',
      '/app_api/verify_code_send_on_email',
      '/api/customer/register_customer',
      // The wizard's own, once there: its map's configuration.
      '/api/geo/config',
    ]);
    expect(calls[0]?.body).toEqual({ email: 'ana@example.test', phone: '' });
    expect(calls[1]?.body).toEqual({ email: 'ana@example.test', name: 'Ana Lee' });
    expect(calls[2]?.body).toEqual({ email: 'ana@example.test', code: '123456' });
    expect(calls[3]?.body).toEqual({
      first_name: 'Ana',
      last_name: 'Lee',
      phone: '',
      email: 'ana@example.test',
      password: 'Strong@123',
      confirm_password: 'Strong@123',
      how_found_us: 'facebook',
      reference_code: 'DANA5',
    });
  });

  it('shows the server message above the code form when the code is wrong, without a toast', async () => {
    const { calls } = stubSignUp();
    await renderRegister();
    const user = userEvent.setup();
    await fillForm(user);
    await submit(user);
    await enterCode(user, '000000');

    expect(await screen.findByText(MSG.codeInvalid)).toBeInTheDocument();
    expect(getToast()).toBeNull();
    expect(screen.getByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/customer/register_customer')).toBe(false);

    await enterCode(user, '12');
    expect(await screen.findByText(MSG.codeFormat)).toBeInTheDocument();
  });

  it('verifies the phone by SMS too when one is given, and sends it with +1', async () => {
    const { calls } = stubSignUp();
    const { router } = await renderRegister();
    const user = userEvent.setup();
    await fillForm(user, { phone: '3105550142' });
    await user.selectOptions(screen.getByLabelText('How did you find us?'), 'Friend/Family');
    await submit(user);
    await enterCode(user, '123456');

    expect(
      await screen.findByRole('heading', { name: 'Verify your phone number' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(MSG.phoneCodeSent);
    expect(screen.getByText('(310) 555-0142')).toBeInTheDocument();
    await enterCode(user, '654321');

    await waitFor(() => expect(router.state.location.pathname).toBe('/create-request'));
    const byPath = (path: string) => calls.find((call) => call.path === path)?.body;
    expect(byPath('/app_api/validateEmailandPhone')).toEqual({
      email: 'ana@example.test',
      phone: '+13105550142',
    });
    expect(byPath('/app_api/send_verification_code_on_ph_number')).toEqual({
      phonenumber: '+13105550142',
      channel: 'sms',
    });
    expect(byPath('/app_api/verify_code_send_on_phone_number')).toEqual({
      phonenumber: '+13105550142',
      code: '654321',
    });
    expect(byPath('/api/customer/register_customer')).toMatchObject({
      phone: '+13105550142',
      how_found_us: 'Friend/Family',
    });
  });

  it('shows why the email or phone cannot be used and sends no code', async () => {
    const { calls } = stubSignUp({
      'POST /app_api/validateEmailandPhone': { code: 409, message: MSG.emailTaken },
    });
    await renderRegister();
    const user = userEvent.setup();
    await fillForm(user);
    await submit(user);

    expect(await screen.findByText(MSG.emailTaken)).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/app_api/validateEmailandPhone']);
    expect(screen.getByLabelText('First name')).toHaveValue('  Ana ');
  });

  it('shows the server message and clears storage when registration fails', async () => {
    stubSignUp({
      'POST /api/customer/register_customer': { code: 400, message: MSG.referralInvalid },
    });
    const { router } = await renderRegister('/register/NOPE');
    // Stored while the form is open (a session stored before sends /register to the dashboard).
    setSession('stale-token', buildUser());
    const user = userEvent.setup();
    await fillForm(user);
    await submit(user);
    await enterCode(user, '123456');

    expect(await screen.findByText(MSG.referralInvalid)).toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
    expect(router.state.location.pathname).toBe('/register/NOPE');
    // Back on the form, which keeps what was typed.
    expect(screen.getByLabelText('Last name')).toHaveValue('Lee');
  });

  it('disables Sign Up while the first calls run', async () => {
    let answer: (reply: { code: number; message: string }) => void = () => {};
    stubSignUp({
      'POST /app_api/validateEmailandPhone': () => new Promise((resolve) => (answer = resolve)),
    });
    await renderRegister();
    const user = userEvent.setup();
    await fillForm(user);
    await submit(user);

    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign Up' })).toBeDisabled());
    answer({ code: 409, message: MSG.phoneTaken });
    expect(await screen.findByText(MSG.phoneTaken)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  it('says the saved request is kept when the page carries one', async () => {
    await renderRegister({ pathname: '/register', state: { savedRequest: { movers: 2 } } });
    expect(screen.getByText(MSG.savedRequestBanner)).toBeInTheDocument();
  });

  it('shows no banner without a saved request, and no how_found_us for a direct request', async () => {
    await renderRegister({ pathname: '/register', state: { directRequest: true } });
    expect(screen.queryByText(MSG.savedRequestBanner)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('How did you find us?')).not.toBeInTheDocument();
  });
});
