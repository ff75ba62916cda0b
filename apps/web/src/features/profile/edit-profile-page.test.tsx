import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_HEADER, MSG, type SessionUser } from '@movehub/shared';
import { getStoredUser, setSession } from '../../lib/storage';
import { getToast } from '../../lib/toast';
import { stubFetch, type StubHandler } from '../../test/fetch-stub';
import { buildUser } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { customerHomeStubs } from '../../test/sessions';

/** The profile as the server holds it; update_customer merges what it is sent. */
function renderEditProfile(
  overrides: Partial<SessionUser> = {},
  handlers: Record<string, StubHandler> = {},
) {
  let profile = buildUser(overrides);
  setSession('token-abc', profile);
  const server = stubFetch({
    // The dashboard's own calls and My Requests; the profile is this server's.
    ...customerHomeStubs(profile),
    'GET /api/customer/profile_customer': () => ({ code: 200, profile, customer_rating: 4.5 }),
    'PUT /api/customer/update_customer': (body) => {
      profile = { ...profile, ...(body as Partial<SessionUser>) };
      const { profile_pic: picture } = body as { profile_pic?: string };
      if (picture !== undefined) profile = { ...profile, profile_picture: picture };
      return { code: 200, message: MSG.profileUpdated, data: profile };
    },
    'POST /app_api/send_verification_code_on_email': { code: 200, message: MSG.emailCodeSent },
    'POST /app_api/verify_code_send_on_email': (body) =>
      (body as { code: string }).code === '123456'
        ? { code: 200, message: MSG.emailVerified }
        : { code: 400, message: MSG.codeInvalid },
    'POST /app_api/send_verification_code_on_ph_number': { code: 200, message: MSG.phoneCodeSent },
    'POST /app_api/verify_code_send_on_phone_number': { code: 200, message: MSG.phoneVerified },
    ...handlers,
  });
  // Opened from My Requests, where it returns.
  const view = renderApp(['/dashboard/my-requests', '/dashboard/edit-profile']);
  return { ...server, ...view };
}

const body = (calls: ReturnType<typeof stubFetch>['calls'], path: string) =>
  calls.filter((call) => call.path === path).map((call) => call.body);

async function openEmailChange(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Edit email' }));
  return screen.findByRole('dialog', { name: 'Change email' });
}

beforeAll(() => preloadScreens('/dashboard/edit-profile', '/dashboard/my-requests'), 60_000);

describe('EditProfilePage', () => {
  it('shows the profile: read-only email, phone, editable names for an app-login account', async () => {
    renderEditProfile({ phone: '+13105550142' });

    const email = await screen.findByLabelText('Email');
    expect(email).toHaveValue('demo@movehub.test');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAttribute('name', 'email');
    expect(screen.getByLabelText('Phone number')).toHaveValue('(310) 555-0142');
    expect(screen.getByRole('button', { name: 'Edit phone number' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('First name')).toHaveAttribute('name', 'first_name');
    expect(screen.getByLabelText('Last name')).toHaveAttribute('name', 'last_name');
    expect(screen.getByLabelText('Upload picture')).toHaveAttribute('accept', 'image/*');
  });

  it('offers to add a phone when there is none', async () => {
    renderEditProfile({ phone: null });
    expect(await screen.findByRole('button', { name: MSG.addPhone })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit phone number' })).not.toBeInTheDocument();
  });

  it('applies the profile-edit name rules', async () => {
    const { calls } = renderEditProfile();
    const user = userEvent.setup();
    const first = await screen.findByLabelText('First name');
    const last = screen.getByLabelText('Last name');

    await user.clear(first);
    await user.type(first, ' A ');
    await user.clear(last);
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText(MSG.profileFirstNameShort)).toBeInTheDocument();
    expect(screen.getByText(MSG.lastNameShort)).toBeInTheDocument();

    await user.clear(first);
    await user.type(first, 'Ana1');
    await user.type(last, 'L3e');
    expect(await screen.findByText(MSG.profileFirstNameAlphabet)).toBeInTheDocument();
    expect(screen.getByText(MSG.profileLastNameAlphabet)).toBeInTheDocument();
    expect(body(calls, '/api/customer/update_customer')).toEqual([]);
  });

  it("updates the names, returns to the previous screen and says 'Profile updated successfully'", async () => {
    const { calls, router } = renderEditProfile();
    const user = userEvent.setup();
    const first = await screen.findByLabelText('First name');
    await user.clear(first);
    await user.type(first, '  Anna Maria ');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-requests'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Requests' }),
    ).toBeInTheDocument();
    expect(getToast()).toMatchObject({ message: MSG.profileUpdated, severity: 'success' });
    expect(body(calls, '/api/customer/update_customer')).toEqual([
      { first_name: 'Anna Maria', last_name: 'Mover' },
    ]);
    expect(getStoredUser()?.first_name).toBe('Anna Maria');
  });

  it('shows a social-login account its name read-only and no way to change the email', async () => {
    const { calls, router } = renderEditProfile({ login_by: 'google', first_name: 'José' });

    expect(await screen.findByLabelText('First name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('First name')).toHaveValue('José');
    expect(screen.getByLabelText('Last name')).toHaveAttribute('readonly');
    expect(screen.getByText(MSG.socialCannotEdit)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit email' })).not.toBeInTheDocument();
    // The phone stays theirs to change.
    expect(screen.getByRole('button', { name: MSG.addPhone })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-requests'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Requests' }),
    ).toBeInTheDocument();
    expect(body(calls, '/api/customer/update_customer')).toEqual([{}]);
  });

  it('changes the email: ENTER_EMAIL, the code, ENTER_CODE, then the update', async () => {
    const { calls } = renderEditProfile();
    const user = userEvent.setup();
    const dialog = await openEmailChange(user);
    const email = within(dialog).getByLabelText('New email');
    expect(email).toHaveAttribute('name', 'email');

    await user.type(email, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(MSG.profileEmailInvalid)).toBeInTheDocument();

    await user.clear(email);
    await user.type(email, ' DEMO@movehub.test ');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(MSG.sameEmail)).toBeInTheDocument();
    expect(body(calls, '/app_api/send_verification_code_on_email')).toEqual([]);

    await user.clear(email);
    await user.type(email, 'new@movehub.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    const code = await within(dialog).findByLabelText('Verification code');
    expect(within(dialog).getByText(MSG.emailCodeSent)).toBeInTheDocument();
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify and update' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getToast()).toMatchObject({ message: MSG.emailUpdated, severity: 'success' });
    expect(screen.getByLabelText('Email')).toHaveValue('new@movehub.test');
    expect(body(calls, '/app_api/send_verification_code_on_email')).toEqual([
      { email: 'new@movehub.test', name: 'Dana Mover' },
    ]);
    expect(body(calls, '/app_api/verify_code_send_on_email')).toEqual([
      { email: 'new@movehub.test', code: '123456' },
    ]);
    expect(body(calls, '/api/customer/update_customer')).toEqual([{ email: 'new@movehub.test' }]);
    expect(getStoredUser()?.email).toBe('new@movehub.test');
  });

  it('ends the loading with no message when sending the email code fails', async () => {
    renderEditProfile(
      {},
      {
        'POST /app_api/send_verification_code_on_email': { code: 429, message: MSG.codeTooSoon },
      },
    );
    const user = userEvent.setup();
    const dialog = await openEmailChange(user);
    await user.type(within(dialog).getByLabelText('New email'), 'new@movehub.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));

    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Send code' })).toBeEnabled(),
    );
    expect(within(dialog).queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
    expect(screen.queryByText(MSG.codeTooSoon)).not.toBeInTheDocument();
    expect(getToast()).toBeNull();
    expect(within(dialog).queryByLabelText('Verification code')).not.toBeInTheDocument();
  });

  it('shows a wrong email code above the code form and updates nothing', async () => {
    const { calls } = renderEditProfile();
    const user = userEvent.setup();
    const dialog = await openEmailChange(user);
    await user.type(within(dialog).getByLabelText('New email'), 'new@movehub.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await user.type(await within(dialog).findByLabelText('Verification code'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Verify and update' }));

    expect(await within(dialog).findByText(MSG.codeInvalid)).toBeInTheDocument();
    expect(body(calls, '/api/customer/update_customer')).toEqual([]);
  });

  it('says the phone is the same one and still verifies and saves it', async () => {
    const { calls } = renderEditProfile({ phone: '+13105550142' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit phone number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change phone number' });
    const phone = within(dialog).getByLabelText('Phone number');
    expect(phone).toHaveAttribute('name', 'phone');

    await user.type(phone, '310555');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(MSG.phoneInvalid)).toBeInTheDocument();

    await user.type(phone, '0142');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(MSG.samePhone)).toBeInTheDocument();
    await user.type(await within(dialog).findByLabelText('Verification code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify and update' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getToast()).toMatchObject({ message: MSG.phoneUpdated, severity: 'success' });
    expect(body(calls, '/app_api/send_verification_code_on_ph_number')).toEqual([
      { phonenumber: '+13105550142', channel: 'sms' },
    ]);
    expect(body(calls, '/api/customer/update_customer')).toEqual([{ phone: '+13105550142' }]);
  });

  it('adds a phone from the add icon', async () => {
    const { calls } = renderEditProfile({ phone: null });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: MSG.addPhone }));
    const dialog = await screen.findByRole('dialog', { name: MSG.addPhone });
    await user.type(within(dialog).getByLabelText('Phone number'), '2125550199');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await user.type(await within(dialog).findByLabelText('Verification code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify and update' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Phone number')).toHaveValue('(212) 555-0199'),
    );
    expect(body(calls, '/api/customer/update_customer')).toEqual([{ phone: '+12125550199' }]);
  });

  it('uploads the picture without a token and saves it with Update Profile', async () => {
    const sent: { form?: FormData; headers?: Record<string, string> } = {};
    const { calls } = renderEditProfile(
      {},
      {
        'POST /app_api/upload_s3_file': (_body, init) => {
          sent.form = init.body as FormData;
          sent.headers = init.headers as Record<string, string>;
          return { code: 200, file_url: '/uploads/new-face.png' };
        },
      },
    );
    const user = userEvent.setup();
    const file = new File(['png-bytes'], 'face.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Upload picture'), file);

    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Dana Mover' })).toHaveAttribute(
        'src',
        '/uploads/new-face.png',
      ),
    );
    expect(sent.form?.get('upload_type')).toBe('profile');
    expect(sent.form?.get('upload_file')).toBeInstanceOf(File);
    expect(sent.headers?.[AUTH_HEADER]).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() =>
      expect(body(calls, '/api/customer/update_customer')).toEqual([
        { first_name: 'Dana', last_name: 'Mover', profile_pic: '/uploads/new-face.png' },
      ]),
    );
  });

  it('shows the upload failure message and stops loading', async () => {
    renderEditProfile(
      {},
      { 'POST /app_api/upload_s3_file': { code: 400, message: MSG.uploadNotImage } },
    );
    const user = userEvent.setup();
    await user.upload(
      await screen.findByLabelText('Upload picture'),
      new File(['x'], 'face.png', { type: 'image/png' }),
    );

    expect(await screen.findByText(MSG.uploadNotImage)).toBeInTheDocument();
    expect(
      screen.queryByRole('progressbar', { name: 'Uploading picture' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Profile' })).toBeEnabled();
  });
});
