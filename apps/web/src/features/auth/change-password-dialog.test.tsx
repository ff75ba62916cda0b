import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, PASSWORD_SUCCESS_CLOSE_MS } from '@movehub/shared';
import { stubFetch } from '../../test/fetch-stub';
import { renderComponent } from '../../test/render';
import { ChangePasswordDialog } from './change-password-dialog';

function renderDialog() {
  const onClose = vi.fn();
  const view = renderComponent(<ChangePasswordDialog open onClose={onClose} />);
  return { ...view, onClose };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ChangePasswordDialog', () => {
  it('is a labelled dialog with the new password and its confirmation', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Change Password' });
    expect(within(dialog).getByLabelText('New password')).toHaveAttribute('name', 'password');
    expect(within(dialog).getByLabelText('Confirm password')).toHaveAttribute(
      'name',
      'confirm_password',
    );
    expect(within(dialog).getByLabelText('New password')).toHaveFocus();
  });

  it('shows the password rules next to the fields and sends nothing', async () => {
    const { fetchMock } = stubFetch({});
    renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'weakpassword');
    await user.type(screen.getByLabelText('Confirm password'), 'weakpassword');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(MSG.passwordWeak)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("calls update_password, shows 'Password updated successfully' and closes after 1 second", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = stubFetch({
      'POST /app_api/update_password': { code: 200, message: MSG.passwordUpdated },
    });
    const { onClose } = renderDialog();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText('New password'), 'Newer@1234');
    await user.type(screen.getByLabelText('Confirm password'), 'Newer@1234');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByText(MSG.passwordUpdated)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ password: 'Newer@1234', confirm_password: 'Newer@1234' });
    act(() => vi.advanceTimersByTime(PASSWORD_SUCCESS_CLOSE_MS - 100));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('keeps the dialog open and enabled again when the call fails', async () => {
    stubFetch({ 'POST /app_api/update_password': { code: 400, message: 'Nope.' } });
    const { onClose } = renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'Newer@1234');
    await user.type(screen.getByLabelText('Confirm password'), 'Newer@1234');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByText('Nope.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Update Password' })).toBeEnabled(),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
