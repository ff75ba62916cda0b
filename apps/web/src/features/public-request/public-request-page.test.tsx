import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MSG,
  TIMELINE_LABELS,
  type PublicRequest,
  type PublicRequestDetail,
  type RequestDetailByLinkResponse,
} from '@movehub/shared';
import { getToken } from '../../lib/storage';
import { getToast } from '../../lib/toast';
import { stubFetch } from '../../test/fetch-stub';
import { buildRequestDetail, buildRequestEntry, buildUser } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { IN_ACCOUNT_NOTE } from './public-request-page';
import { MOVE_REQUEST_ACCEPTED } from './public-status';
import { LINK_COPIED_MESSAGE } from '../../ui/share-link';

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

/**
 * A direct request in nobody's account at status 3, its letter sent with hourly rates: the link
 * answers it in full (decision 037).
 */
function unclaimedDirect(
  overrides: { additional_status?: number; confirmation_letter_pdf?: string | null } = {},
): PublicRequest {
  const full = buildRequestDetail({
    request: {
      id: 41,
      request_timeline_status: 3,
      request_type: 1,
      public_access_link: 'pub-41',
      final_comment: 'The piano goes first.',
      rate_method: 'Hourly',
      cash_payment_rate: 120,
      card_payment_rate: 130,
      minimum_hours: 3,
    },
    request_item: [
      {
        id: 5,
        item_id: 11,
        name: 'Sofa',
        quantity: 2,
        value: 2,
        category_name: 'Living Room',
        additional_info: 'Leather',
        type: '1',
        unit_price: 0,
        size: '3',
        added_by_type: '',
        request_item_image_models: [],
      },
    ],
    extra_request_items: [
      {
        id: 6,
        item_id: 41,
        name: 'Small box',
        quantity: 4,
        value: 4,
        category_name: 'Packing Materials',
        additional_info: null,
        type: '2',
        unit_price: 3,
        size: '0',
        added_by_type: '',
        request_item_image_models: [],
      },
    ],
    request_timeline: [
      {
        id: 1,
        activity_title: 'Confirmation letter sent',
        activity_datetime: '2026-03-01T17:00:00Z',
      },
    ],
    comments_array: [
      {
        parent_comment: {
          id: 8,
          request_id: 41,
          comment: 'We will bring piano straps.',
          updated_at: '2026-03-02T17:00:00Z',
          sender_type: 0,
        },
        parent_comment_profile: {
          name: 'Swift Movers',
          profile_url: null,
          company_rating: 4.8,
          customer_rating: null,
        },
        child_comments: [],
      },
    ],
    status: 0,
  });
  const detail: PublicRequestDetail = {
    request: {
      move_type: full.request.move_type,
      net_distance: full.request.net_distance,
      total_discount: null,
      payment_method: 'Cash',
      rate_method: full.request.rate_method,
      cash_payment_rate: full.request.cash_payment_rate,
      card_payment_rate: full.request.card_payment_rate,
      minimum_hours: full.request.minimum_hours,
      cash_min_flat_rate: null,
      cash_max_flat_rate: null,
      card_min_flat_rate: null,
      card_max_flat_rate: null,
    },
    request_address: full.request_address,
    request_item: full.request_item,
    extra_request_items: full.extra_request_items,
    request_timeline: full.request_timeline,
    comments_array: full.comments_array,
    company: {
      name: 'Swift Movers',
      company_phone: '+13105550101',
      company_email: 'dispatch@swift.test',
      address: '1 Main St',
    },
    get_foreman_of_company: null,
    truck_array: [],
    additional_status: overrides.additional_status ?? 0,
    status: 0,
    confirmation_letter_pdf: overrides.confirmation_letter_pdf ?? null,
  };
  const entry = buildRequestEntry({ request: full.request });
  return {
    request: entry.request,
    request_address: entry.request_address,
    company_profile: { name: 'Swift Movers' },
    company_phone: '+13105550101',
    detail,
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

  it("shows an unclaimed direct request as its detail does: 'Pending request confirmation', rates, items, timeline, comments and the letter's button", async () => {
    stubFetch({ [LINK_CALL]: reply(unclaimedDirect()) });
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Request #41' }),
    ).toBeInTheDocument();
    // Nothing was paid: a direct request at 3 waits for its letter.
    expect(screen.getByText(MSG.pendingConfirmation)).toBeInTheDocument();
    expect(screen.queryByText(TIMELINE_LABELS[3])).not.toBeInTheDocument();
    const move = screen.getByRole('region', { name: 'Move' });
    expect(move).toHaveTextContent('Move Type: 2 bed room apt.');
    expect(move).toHaveTextContent('Cash Hour Rate: $120.00');
    expect(move).toHaveTextContent('Card Hour Rate: $130.00');
    expect(move).toHaveTextContent('Minimum Hours: 3');
    expect(
      within(move).getByRole('link', { name: 'Confirm and proceed with the move' }),
    ).toHaveAttribute('href', '/sign-confirmation-letter/pub-41');
    expect(screen.getByRole('region', { name: 'Company Info' })).toHaveTextContent(
      'Email: dispatch@swift.test',
    );
    expect(screen.getByRole('list', { name: 'Timeline' })).toHaveTextContent(
      'Confirmation letter sent',
    );
    expect(screen.getByRole('region', { name: 'Items' })).toHaveTextContent('Living Room (2)');
    expect(screen.getByRole('list', { name: 'Living Room' })).toHaveTextContent('Sofa × 2');
    expect(screen.getByRole('list', { name: 'Extra items' })).toHaveTextContent(
      'Small box × 4: $12.00',
    );
    expect(screen.getByRole('region', { name: 'Client comment' })).toHaveTextContent(
      'The piano goes first.',
    );
    expect(screen.getByRole('list', { name: 'Comments' })).toHaveTextContent(
      'We will bring piano straps.',
    );
    const addresses = screen.getByRole('region', { name: 'Addresses' });
    expect(
      within(addresses).getByRole('heading', { name: /Pick up A: 100 Main St/ }),
    ).toBeVisible();
    expect(screen.queryByText(IN_ACCOUNT_NOTE)).not.toBeInTheDocument();
  });

  it('shows the signed letter instead of its button once signed', async () => {
    stubFetch({
      [LINK_CALL]: reply(
        unclaimedDirect({ additional_status: 1, confirmation_letter_pdf: '/uploads/letter.pdf' }),
      ),
    });
    renderPage();

    expect(
      await screen.findByRole('link', { name: 'Signed confirmation letter (PDF)' }),
    ).toHaveAttribute('href', '/uploads/letter.pdf');
    expect(
      screen.queryByRole('link', { name: 'Confirm and proceed with the move' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByText(MSG.pendingConfirmation)).not.toBeInTheDocument();
  });

  it('labels a request in an account at 3 as accepted, never as paid, and leads to My Requests', async () => {
    const { request, request_address, company_profile, company_phone } = publicView({
      request_timeline_status: 3,
    });
    stubFetch({
      [LINK_CALL]: reply({
        request: {
          id: request.id,
          request_timeline_status: 3,
          request_status: 0,
          s_date: request.s_date,
          s_time: request.s_time,
          start_window_from: null,
          start_window_to: null,
        },
        request_address,
        company_profile,
        company_phone,
      }),
    });
    renderPage();

    expect(await screen.findByText(MOVE_REQUEST_ACCEPTED)).toBeInTheDocument();
    expect(screen.queryByText(TIMELINE_LABELS[3])).not.toBeInTheDocument();
    expect(screen.getByText(IN_ACCOUNT_NOTE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in My Requests' })).toHaveAttribute(
      'href',
      '/dashboard/my-requests/41',
    );
  });

  it('lets the reader copy the link, and share it where the device can', async () => {
    stubFetch({ [LINK_CALL]: reply(unclaimedDirect()) });
    // A phone's share sheet; user-event puts its own clipboard on the page.
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderPage();

    const url = `${window.location.origin}/view-request/pub-41`;
    expect(await screen.findByRole('textbox', { name: 'Link to this request' })).toHaveValue(url);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(url);
    await waitFor(() => expect(getToast()).toMatchObject({ message: LINK_COPIED_MESSAGE }));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: 'Request #41', url });
    Reflect.deleteProperty(navigator, 'share');
  });

  it('offers no Share where the device has no share sheet', async () => {
    stubFetch({ [LINK_CALL]: reply(unclaimedDirect()) });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Copy link' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });
});
