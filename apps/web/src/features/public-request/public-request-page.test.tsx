import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, type PublicRequest, type RequestDetailByLinkResponse } from '@movehub/shared';
import { getToken } from '../../lib/storage';
import { stubFetch } from '../../test/fetch-stub';
import { buildRequestEntry, buildUser } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';

const LINK_CALL = 'POST /app_api/request_detail_by_request_link';

function publicView(
  request: Partial<PublicRequest['request']> = {},
  company_phone: string | null = '+13105550101',
): PublicRequest {
  const entry = buildRequestEntry({ request: { id: 41, ...request } });
  return {
    request: entry.request,
    request_address: entry.request_address,
    company_profile: { name: 'Swift Movers' },
    company_phone,
  };
}

function reply(
  view: PublicRequest,
  extra: Partial<Pick<RequestDetailByLinkResponse, 'token' | 'claim'>> = {},
) {
  return { code: 200, request: view, token: null, claim: null, ...extra };
}

function renderPage(link = 'pub-41') {
  return renderApp(`/view-request/${link}`);
}

beforeAll(() => preloadScreens('/view-request/pub-41'), 60_000);

describe('PublicRequestPage', () => {
  it("shows the request's status, date, time, addresses and company, asking with the link", async () => {
    const { calls } = stubFetch({
      [LINK_CALL]: reply(publicView({ request_timeline_status: 1 })),
    });
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Request #41' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Pending Acceptance')).toBeInTheDocument();
    expect(screen.getByText('Mar 15th 26')).toBeInTheDocument();
    expect(screen.getByText('8AM - 12PM Morning')).toBeInTheDocument();
    expect(screen.getByText('Swift Movers')).toBeInTheDocument();
    const addresses = screen.getByRole('region', { name: 'Addresses' });
    expect(within(addresses).getAllByRole('listitem')[0]).toHaveTextContent(
      'Address A: 100 Main St, Los Angeles, CA',
    );
    expect(calls[0]?.body).toEqual({ public_access_link: 'pub-41' });
    // A public call: no session header, even for a signed-in reader.
    expect(calls[0]?.headers['x-sh-auth']).toBeUndefined();
  });

  it("shows the same page from a claimed request's link, which answers only the page's fields", async () => {
    // Once in an account the link answers no amounts, comment, crew, zips or storage (decision 037).
    const { request, request_address, company_profile, company_phone } = publicView({
      request_timeline_status: 3,
    });
    const claimedView: PublicRequest = {
      request: {
        id: request.id,
        request_timeline_status: request.request_timeline_status,
        request_status: request.request_status,
        s_date: request.s_date,
        s_time: request.s_time,
        start_window_from: request.start_window_from,
        start_window_to: request.start_window_to,
      },
      request_address: request_address.map(({ id, complete_address, apartment_number }) => ({
        id,
        complete_address,
        apartment_number,
      })),
      company_profile,
      company_phone,
    };
    stubFetch({ [LINK_CALL]: reply(claimedView) });
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Request #41' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Mar 15th 26')).toBeInTheDocument();
    expect(screen.getByText('8AM - 12PM Morning')).toBeInTheDocument();
    expect(screen.getByText('Swift Movers')).toBeInTheDocument();
    const addresses = screen.getByRole('region', { name: 'Addresses' });
    expect(within(addresses).getAllByRole('listitem')[0]).toHaveTextContent(
      'Address A: 100 Main St, Los Angeles, CA',
    );
  });

  it('shows only the cancellation notice with the company phone for a cancelled request', async () => {
    stubFetch({ [LINK_CALL]: reply(publicView({ request_status: 2 })) });
    renderPage();

    expect(await screen.findByRole('status')).toHaveTextContent(
      MSG.cancelledPublic('(310) 555-0101'),
    );
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByText('100 Main St, Los Angeles, CA')).not.toBeInTheDocument();
  });

  it("shows 'Error Message: {message}' when the link opens nothing", async () => {
    stubFetch({ [LINK_CALL]: { code: 400, message: 'This request link is not valid.' } });
    renderPage('nope');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error Message: This request link is not valid.',
    );
  });

  it('stores a returned token for the session', async () => {
    const user = buildUser({ id: 5 });
    stubFetch({
      [LINK_CALL]: reply(publicView(), {
        token: 'session-token-5',
        claim: {
          request_id: 41,
          public_access_link: 'pub-41',
          claimed: true,
          needs_password: false,
          auth_token: 'session-token-5',
          user,
        },
      }),
    });
    renderPage();

    await screen.findByRole('heading', { level: 1, name: 'Request #41' });
    expect(getToken()).toBe('session-token-5');
  });

  it('keeps the session as it was when no token comes back', async () => {
    stubFetch({ [LINK_CALL]: reply(publicView()) });
    renderPage();

    await screen.findByRole('heading', { level: 1, name: 'Request #41' });
    expect(getToken()).toBeNull();
  });
});
