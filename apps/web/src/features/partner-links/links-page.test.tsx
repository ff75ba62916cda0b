import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AUTH_HEADER,
  DIRECT_LINK_TEXT,
  IDEMPOTENCY_HEADER,
  UserType,
  type DirectLink,
  type DirectLinkRequest,
} from '@movehub/shared';
import { setSession } from '../../lib/storage';
import { getToast } from '../../lib/toast';
import { stubFetch, type StubReply } from '../../test/fetch-stub';
import { buildCompanyUser } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { COPIED_MESSAGE, COPY_FAILED_MESSAGE } from './link-card';
import { NO_LINK_REQUESTS_MESSAGE } from './link-requests';
import { LINK_REQUESTS_PAGE_SIZE } from './links-api';
import { LINK_CREATED_MESSAGE, NO_LINKS_MESSAGE } from './links-page';

function buildLink(overrides: Partial<DirectLink> = {}): DirectLink {
  const link = overrides.link ?? `tok${overrides.id ?? 7}AbCdEfGhIjKlMnOpQrSt`;
  return {
    id: 7,
    link,
    url: `https://movehub.example/create-request/${link}`,
    is_active: true,
    created_at: '2026-03-05T14:30:00.000Z',
    created_by: { id: 2, name: 'Swift Movers', user_type: UserType.company },
    request_count: 2,
    ...overrides,
  };
}

function buildLinkRequest(overrides: Partial<DirectLinkRequest> = {}): DirectLinkRequest {
  return {
    id: 501,
    s_date: '03-15-2026',
    contact_name: 'Jordan Reyes',
    stage: 'new_direct',
    request_timeline_status: 0,
    request_status: 0,
    by_sales_team: false,
    created_at: '2026-03-06T10:00:00.000Z',
    ...overrides,
  };
}

/** A fake API holding the company's links and each link's requests. */
function linksServer(
  initial: DirectLink[],
  opts: {
    requests?: Record<number, DirectLinkRequest[]>;
    failList?: boolean;
    created?: DirectLink;
    createReply?: StubReply;
  } = {},
) {
  let links = [...initial];
  return stubFetch({
    'POST /api/company/direct_links': () =>
      opts.failList ? { code: 500, message: 'Something went wrong.' } : { code: 200, data: links },
    'POST /api/company/create_direct_link': () => {
      if (opts.createReply) return opts.createReply;
      const made = opts.created ?? buildLink({ id: 99, request_count: 0 });
      links = [made, ...links];
      return { code: 200, message: DIRECT_LINK_TEXT.created, data: made };
    },
    'POST /api/company/set_direct_link_active': (body) => {
      const { link_id: id, is_active: active } = body as { link_id: number; is_active: boolean };
      links = links.map((l) => (l.id === id ? { ...l, is_active: active } : l));
      return {
        code: 200,
        message: active ? DIRECT_LINK_TEXT.enabled : DIRECT_LINK_TEXT.disabled,
        data: links.find((l) => l.id === id),
      };
    },
    'POST /api/company/direct_link_requests': (body) => {
      const {
        link_id: id,
        limit = 50,
        before_id,
      } = body as { link_id: number; limit?: number; before_id?: number };
      // Newest first, a page older than before_id, as the server pages them.
      const older = (opts.requests?.[id] ?? []).filter(
        (r) => before_id === undefined || r.id < before_id,
      );
      const data = older.slice(0, limit);
      return {
        code: 200,
        data,
        next_before_id: older.length > limit ? data.at(-1)!.id : null,
      };
    },
    // Each card's visits (link-funnel.test.tsx): nobody came.
    'POST /api/company/direct_link_analytics': () => ({
      code: 200,
      data: {
        from: '2026-03-01',
        to: '2026-03-07',
        days: 7,
        links: links.map((l) => ({ link_id: l.id, visits: 0, steps: [], sent: 0 })),
      },
    }),
  });
}

function renderPage() {
  setSession('company-token', buildCompanyUser(), 'partner');
  return renderApp('/partner/links');
}

/** The card of link `id`, found by its address. */
async function card(id: number) {
  const articles = await screen.findAllByRole('article', { name: /^Link created/ });
  const found = articles.find((a) => a.textContent?.includes(`tok${id}AbCdEfGhIjKlMnOpQrSt`));
  if (!found) throw new Error(`no card of link ${id}`);
  return within(found);
}

beforeAll(() => preloadScreens('/partner/links'), 60_000);

describe('LinksPage', () => {
  it('lists the links with their address, state, maker and request count', async () => {
    const { calls } = linksServer([
      buildLink({ id: 8, request_count: 1 }),
      buildLink({
        id: 7,
        is_active: false,
        request_count: 0,
        created_by: { id: 30, name: 'Sam Seller', user_type: UserType.salesTeam },
      }),
    ]);
    renderPage();

    const active = await card(8);
    expect(
      active.getByText('https://movehub.example/create-request/tok8AbCdEfGhIjKlMnOpQrSt'),
    ).toBeInTheDocument();
    expect(active.getByText('Active')).toBeInTheDocument();
    expect(active.getByText(/Made by your company · 1 request$/)).toBeInTheDocument();
    expect(active.getByRole('button', { name: 'Disable' })).toBeInTheDocument();

    const disabled = await card(7);
    expect(disabled.getByText('Disabled')).toBeInTheDocument();
    expect(
      disabled.getByText(/Made by Sam Seller \(sales team\) · 0 requests/),
    ).toBeInTheDocument();
    expect(disabled.getByRole('button', { name: 'Enable' })).toBeInTheDocument();
    expect(disabled.getByRole('button', { name: /^Copy/ })).toBeDisabled();

    expect(calls[0]?.headers[AUTH_HEADER]).toBe('company-token');
  });

  it('creates a link with an Idempotency-Key and shows it first', async () => {
    const { calls } = linksServer([buildLink({ id: 7 })]);
    renderPage();
    await card(7);

    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(getToast()?.message).toBe(LINK_CREATED_MESSAGE));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getAllByRole('article')[0]).toHaveTextContent('tok99AbCdEfGhIjKlMnOpQrSt');

    const create = calls.filter((c) => c.path === '/api/company/create_direct_link');
    expect(create).toHaveLength(1);
    expect(create[0]?.headers[IDEMPOTENCY_HEADER]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends the same key again when a creation failed', async () => {
    const { calls } = linksServer([], {
      createReply: { code: 409, message: DIRECT_LINK_TEXT.tooMany },
    });
    renderPage();
    expect(await screen.findByText(NO_LINKS_MESSAGE)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Create link' });
    await userEvent.click(button);
    await waitFor(() => expect(getToast()?.message).toBe(DIRECT_LINK_TEXT.tooMany));
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/company/create_direct_link')).toHaveLength(2),
    );
    const keys = calls
      .filter((c) => c.path === '/api/company/create_direct_link')
      .map((c) => c.headers[IDEMPOTENCY_HEADER]);
    expect(keys[0]).toBe(keys[1]);
  });

  it('copies the address to the clipboard with a toast, and says so when it cannot', async () => {
    linksServer([buildLink({ id: 7 })]);
    renderPage();
    const user = userEvent.setup();
    const link = await card(7);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(link.getByRole('button', { name: /^Copy/ }));
    expect(writeText).toHaveBeenCalledWith(
      'https://movehub.example/create-request/tok7AbCdEfGhIjKlMnOpQrSt',
    );
    await waitFor(() => expect(getToast()?.message).toBe(COPIED_MESSAGE));

    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(link.getByRole('button', { name: /^Copy/ }));
    await waitFor(() => expect(getToast()?.message).toBe(COPY_FAILED_MESSAGE));
  });

  it('disables and enables a link', async () => {
    const { calls } = linksServer([buildLink({ id: 7 })]);
    renderPage();
    const link = await card(7);

    await userEvent.click(link.getByRole('button', { name: 'Disable' }));
    expect(await link.findByRole('button', { name: 'Enable' })).toBeInTheDocument();
    expect(link.getByText('Disabled')).toBeInTheDocument();
    expect(getToast()?.message).toBe(DIRECT_LINK_TEXT.disabled);
    expect(calls.find((c) => c.path === '/api/company/set_direct_link_active')?.body).toEqual({
      link_id: 7,
      is_active: false,
    });

    await userEvent.click(link.getByRole('button', { name: 'Enable' }));
    expect(await link.findByRole('button', { name: 'Disable' })).toBeInTheDocument();
    expect(link.getByText('Active')).toBeInTheDocument();
  });

  it("opens a link's requests on demand, and says when there are none", async () => {
    const { calls } = linksServer([buildLink({ id: 8 }), buildLink({ id: 7, request_count: 0 })], {
      requests: {
        8: [
          buildLinkRequest({
            id: 502,
            contact_name: 'Ada Byron',
            stage: 'paid',
            by_sales_team: true,
          }),
          buildLinkRequest({ id: 501 }),
        ],
      },
    });
    renderPage();
    const link = await card(8);
    expect(calls.some((c) => c.path === '/api/company/direct_link_requests')).toBe(false);

    const show = link.getByRole('button', { name: 'Show requests (2)' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(show);
    expect(link.getByRole('button', { name: 'Hide requests' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const list = await link.findByRole('list', { name: 'Requests through this link' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Request #502');
    expect(items[0]).toHaveTextContent('Ada Byron');
    expect(items[0]).toHaveTextContent('Paid');
    expect(items[0]).toHaveTextContent('Mar 15th 26');
    expect(items[0]).toHaveTextContent('by the sales team');
    expect(items[1]).toHaveTextContent('New direct requests');

    const empty = await card(7);
    await userEvent.click(empty.getByRole('button', { name: 'Show requests (0)' }));
    expect(await empty.findByText(NO_LINK_REQUESTS_MESSAGE)).toBeInTheDocument();
  });

  it("loads a link's older requests as the company asks for more", async () => {
    const many = Array.from({ length: LINK_REQUESTS_PAGE_SIZE + 2 }, (_, i) =>
      buildLinkRequest({ id: 700 - i, contact_name: `Contact ${700 - i}` }),
    );
    const { calls } = linksServer([buildLink({ id: 8, request_count: many.length })], {
      requests: { 8: many },
    });
    renderPage();
    const link = await card(8);
    await userEvent.click(link.getByRole('button', { name: `Show requests (${many.length})` }));
    const list = await link.findByRole('list', { name: 'Requests through this link' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(LINK_REQUESTS_PAGE_SIZE);
    expect(list).not.toHaveTextContent('Contact 679');

    await userEvent.click(link.getByRole('button', { name: 'Show older requests' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(many.length));
    expect(list).toHaveTextContent('Contact 679');
    const pages = calls.filter((c) => c.path === '/api/company/direct_link_requests');
    expect(pages.at(-1)!.body).toEqual({
      link_id: 8,
      limit: LINK_REQUESTS_PAGE_SIZE,
      before_id: 700 - LINK_REQUESTS_PAGE_SIZE + 1,
    });
    expect(link.queryByRole('button', { name: 'Show older requests' })).toBeNull();
  });

  it('shows the error with Try again when the links cannot be loaded', async () => {
    linksServer([], { failList: true });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    const retry = screen.getByRole('button', { name: 'Try again' });
    expect(retry.closest('.MuiAlert-root')).toHaveTextContent('Something went wrong.');
  });
});
