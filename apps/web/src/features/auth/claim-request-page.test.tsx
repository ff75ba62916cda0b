import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '@movehub/shared';
import { buildUser } from '../../test/fixtures';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';
import { getToken } from '../../lib/storage';

/** The emailed link's page, once it asks. */
async function renderClaim() {
  const view = renderApp('/claim-request/claim-token-1');
  await screen.findByRole('button', { name: 'Yes, this is my request' });
  return view;
}

const result = (overrides: Record<string, unknown>) => ({
  request_id: 41,
  public_access_link: 'pub-41',
  claimed: false,
  needs_password: false,
  auth_token: null,
  user: null,
  ...overrides,
});

describe('ClaimRequestPage', () => {
  it('claims nothing until "Yes", then signs the owner in and points to My Requests', async () => {
    const { calls } = stubFetch({
      'POST /app_api/claim_request': {
        code: 200,
        message: MSG.requestClaimed,
        data: result({ claimed: true, auth_token: 'session-1', user: buildUser() }),
      },
    });
    await renderClaim();
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, this is my request' }));
    expect(await screen.findByText(`${MSG.requestClaimed} (request #41)`)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ claim_token: 'claim-token-1' });
    expect(calls[0]?.headers['x-sh-auth']).toBeUndefined();
    expect(getToken()).toBe('session-1');
    expect(screen.getByRole('link', { name: 'Go to My Requests' })).toHaveAttribute(
      'href',
      '/dashboard/my-requests',
    );
  });

  it('asks a new email for a password and sends it with the claim token', async () => {
    let call = 0;
    const { calls } = stubFetch({
      'POST /app_api/claim_request': () =>
        ++call === 1
          ? { code: 200, message: MSG.claimNeedsPassword, data: result({ needs_password: true }) }
          : {
              code: 200,
              message: MSG.requestClaimed,
              data: result({ claimed: true, auth_token: 'session-2', user: buildUser() }),
            },
    });
    await renderClaim();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Yes, this is my request' }));
    await user.type(await screen.findByLabelText('New password'), 'Strong@123');
    await user.type(screen.getByLabelText('Confirm password'), 'Strong@123');
    await user.click(screen.getByRole('button', { name: 'Create account and confirm' }));
    expect(await screen.findByText(`${MSG.requestClaimed} (request #41)`)).toBeInTheDocument();
    expect(calls[1]?.body).toEqual({
      claim_token: 'claim-token-1',
      password: 'Strong@123',
      confirm_password: 'Strong@123',
    });
    expect(getToken()).toBe('session-2');
  });

  it('shows the server message for a dead link', async () => {
    stubFetch({
      'POST /app_api/claim_request': { code: 400, message: MSG.claimLinkInvalid },
    });
    await renderClaim();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, this is my request' }));
    expect(await screen.findByText(MSG.claimLinkInvalid)).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });
});
