import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, PASSWORD_SUCCESS_CLOSE_MS, type SessionUser } from '@movehub/shared';
import { stubFetch, type StubHandler } from '../../test/fetch-stub';
import { buildUser } from '../../test/fixtures';
import { renderComponent } from '../../test/render';
import { signInCustomer } from '../../test/sessions';
import { ChangePasswordDialog } from './change-password-dialog';

/** A signed-in customer whose profile says whether the account has a password. */
function withProfile(user: SessionUser, handlers: Record<string, StubHandler> = {}) {
  signInCustomer(user);
  return stubFetch({
    'GET /api/customer/profile_customer': {
      code: 200,
      profile: user,
      customer_rating: user.customer_rating,
    },
    ...handlers,
  });
}

function renderDialog() {
  const onClose = vi.fn();
  const view = renderComponent(<ChangePasswordDialog open onClose={onClose} />);
  return { ...view, onClose };
}

const updates = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === '/app_api/update_password');

const passwordAccount = buildUser({ has_password: true });
const googleAccount = buildUser({ login_by: 'google', has_password: false });

afterEach(() => {
  vi.useRealTimers();
});

describe('ChangePasswordDialog', () => {
  it('is a labelled dialog asking for the current password, then the new one and its confirmation', async () => {
    withProfile(passwordAccount);
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Change Password' });
    const current = await within(dialog).findByLabelText('Current password');
    expect(current).toHaveAttribute('name', 'current_password');
    expect(current).toHaveAttribute('type', 'password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    expect(current).toHaveFocus();
    expect(within(dialog).getByLabelText('New password')).toHaveAttribute('name', 'password');
    expect(within(dialog).getByLabelText('Confirm password')).toHaveAttribute(
      'name',
      'confirm_password',
    );
  });

  it('asks an account made by Google for no current password: it sets its first one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = withProfile(googleAccount, {
      'POST /app_api/update_password': { code: 200, message: MSG.passwordUpdated },
    });
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Change Password' });
    expect(within(dialog).queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('New password')).toHaveFocus();

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText('New password'), 'Newer@1234');
    await user.type(screen.getByLabelText('Confirm password'), 'Newer@1234');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(MSG.passwordUpdated)).toBeInTheDocument();
    expect(updates(calls)[0]?.body).toEqual({
      password: 'Newer@1234',
      confirm_password: 'Newer@1234',
    });
  });

  it('shows the rules next to the fields, the current password first, and sends nothing', async () => {
    const { calls } = withProfile(passwordAccount);
    renderDialog();
    const user = userEvent.setup();
    await screen.findByLabelText('Current password');
    await user.type(screen.getByLabelText('New password'), 'weakpassword');
    await user.type(screen.getByLabelText('Confirm password'), 'weakpassword');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(MSG.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordWeak)).toBeInTheDocument();
    expect(updates(calls)).toHaveLength(0);
  });

  it("calls update_password with the current password, shows 'Password updated successfully' and closes after 1 second", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = withProfile(passwordAccount, {
      'POST /app_api/update_password': { code: 200, message: MSG.passwordUpdated },
    });
    const { onClose } = renderDialog();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText('Current password'), 'Older@1234');
    await user.type(screen.getByLabelText('New password'), 'Newer@1234');
    await user.type(screen.getByLabelText('Confirm password'), 'Newer@1234');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByText(MSG.passwordUpdated)).toBeInTheDocument();
    expect(updates(calls)[0]?.body).toEqual({
      current_password: 'Older@1234',
      password: 'Newer@1234',
      confirm_password: 'Newer@1234',
    });
    act(() => vi.advanceTimersByTime(PASSWORD_SUCCESS_CLOSE_MS - 100));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows a wrong current password as the server says it, and keeps the dialog open', async () => {
    withProfile(passwordAccount, {
      'POST /app_api/update_password': { code: 400, message: MSG.currentPasswordWrong },
    });
    const { onClose } = renderDialog();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'Wrong@1234');
    await user.type(screen.getByLabelText('New password'), 'Newer@1234');
    await user.type(screen.getByLabelText('Confirm password'), 'Newer@1234');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByText(MSG.currentPasswordWrong)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Update Password' })).toBeEnabled(),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
