import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '@movehub/shared';
import { getToast } from '../../lib/toast';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

/** The page at its URL, once its form shows. */
async function renderForget() {
  const view = renderApp('/forget-password');
  await screen.findByLabelText('Email');
  return view;
}

async function request(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
  return user;
}

describe('ForgetPasswordPage', () => {
  it("shows 'Please enter a valid email' next to the field and sends nothing", async () => {
    const { fetchMock } = stubFetch({});
    await renderForget();
    expect(screen.getByLabelText('Email')).toHaveAttribute('name', 'email');
    await request('nobody@');
    expect(await screen.findByText(MSG.loginEmailInvalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends reset_password with user_type 1 and then says 'Check your email' with 'Returns to Login'", async () => {
    const { calls } = stubFetch({
      'POST /app_api/reset_password': { code: 200, message: MSG.resetLinkSent },
    });
    await renderForget();
    await request(' Demo@MoveHub.test ');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check your email' }),
    ).toBeInTheDocument();
    expect(screen.getByText('demo@movehub.test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Returns to Login' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(calls[0]?.body).toEqual({ email: 'demo@movehub.test', user_type: 1 });
  });

  it("shows the server's 'Invalid Email' as the product's sentence, without a toast", async () => {
    stubFetch({ 'POST /app_api/reset_password': { code: 400, message: MSG.invalidEmail } });
    await renderForget();
    await request('nobody@movehub.test');

    expect(await screen.findByText(MSG.invalidEmailShown)).toBeInTheDocument();
    expect(screen.queryByText(MSG.invalidEmail)).not.toBeInTheDocument();
    expect(getToast()).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
  });

  it('disables the button while the call runs', async () => {
    let answer: (reply: { code: number; message: string }) => void = () => {};
    stubFetch({
      'POST /app_api/reset_password': () => new Promise((resolve) => (answer = resolve)),
    });
    await renderForget();
    await request('demo@movehub.test');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send reset link' })).toBeDisabled(),
    );
    answer({ code: 200, message: MSG.resetLinkSent });
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
  });
});
