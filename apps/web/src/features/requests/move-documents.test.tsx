import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_HEADER, TimelineStatus } from '@movehub/shared';
import { getToast } from '../../lib/toast';
import { setSession } from '../../lib/storage';
import { buildRequestDetail, buildUser } from '../../test/fixtures';
import { stubFetch } from '../../test/fetch-stub';
import { preloadScreens, renderApp, renderComponent } from '../../test/render';
import { dashboardStubs, GEO_CONFIG_STUB } from '../../test/sessions';
import { calendarPath, MoveDocuments, receiptPath } from './move-documents';

const paid = buildRequestDetail({
  request: { id: 42, request_timeline_status: TimelineStatus.paid },
  calendar_available: true,
  receipts: [
    {
      receipt_id: 7,
      number: 3,
      kind: 'payment',
      amount: 515.45,
      created_at: '2026-11-20T10:00:00.000Z',
    },
    {
      receipt_id: 9,
      number: 4,
      kind: 'refund',
      amount: 250,
      created_at: '2026-11-21T10:00:00.000Z',
    },
  ],
});

let saved: { href: string; download: string }[];
beforeEach(() => {
  setSession('token-abc', buildUser());
  saved = [];
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:movehub/1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function stubDownload(status = 200, body: BodyInit = 'BEGIN:VCALENDAR') {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    status === 200
      ? new Response(body, { status })
      : new Response(JSON.stringify({ code: status, message: 'Request not found.' }), {
          status,
          headers: { 'Content-Type': 'application/json' },
        }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const box = () => within(screen.getByRole('region', { name: 'Your documents' }));

beforeAll(() => preloadScreens('/dashboard/my-requests/42'), 60_000);

describe('MoveDocuments', () => {
  it('shows nothing before payment and without receipts', () => {
    renderComponent(<MoveDocuments detail={buildRequestDetail()} />);
    expect(screen.queryByRole('heading', { name: 'Your documents' })).toBeNull();
  });

  it('downloads the calendar invite with the session header, never the token in the URL', async () => {
    const fetchMock = stubDownload();
    renderComponent(<MoveDocuments detail={paid} />);
    await userEvent.click(box().getByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(calendarPath(42));
    expect(String(url)).not.toContain('token-abc');
    expect((init?.headers as Record<string, string>)[AUTH_HEADER]).toBe('token-abc');
    expect(saved[0]).toEqual({ href: 'blob:movehub/1', download: 'move-42.ics' });
  });

  it("lists the receipts by the customer's own numbers and downloads one as a PDF", async () => {
    const fetchMock = stubDownload(200, new Blob(['%PDF-1.7']));
    renderComponent(<MoveDocuments detail={paid} />);
    const receipts = within(box().getByRole('region', { name: 'Receipts' }));
    const items = receipts.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Payment receipt No. 3 · $515.45');
    expect(items[1]).toHaveTextContent('Refund receipt No. 4 · $250.00');
    await userEvent.click(within(items[1]!).getByRole('button'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(fetchMock.mock.calls[0]![0]).toBe(receiptPath(42, 9));
    expect(saved[0]?.download).toBe('receipt-4.pdf');
  });

  it("shows the server's message when a download fails", async () => {
    stubDownload(404);
    renderComponent(<MoveDocuments detail={paid} />);
    await userEvent.click(box().getByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(getToast()?.message).toBe('Request not found.'));
    expect(saved).toEqual([]);
  });
});

describe('on the request detail page', () => {
  it("shows 'Add to calendar' and the receipts once paid", async () => {
    stubFetch({
      ...dashboardStubs(),
      'POST /api/customer/customer_request_detail': { code: 200, data: paid },
      'GET /api/geo/config': GEO_CONFIG_STUB,
    });
    renderApp('/dashboard/my-requests/42');
    const heading = await screen.findByRole('heading', { name: 'Your documents' });
    const documents = within(heading.closest('section')!);
    expect(documents.getByRole('button', { name: 'Add to calendar' })).toBeVisible();
    expect(documents.getAllByRole('listitem')).toHaveLength(2);
  });
});
