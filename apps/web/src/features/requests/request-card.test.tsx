import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, TIMELINE_LABELS } from '@movehub/shared';
import { buildRequestEntry } from '../../test/fixtures';
import { renderComponent } from '../../test/render';
import { RequestCard } from './request-card';

type EntryOverrides = Parameters<typeof buildRequestEntry>[0];

/** One card in its list, on My Requests (a component: its links go where the URL says). */
function renderCard(overrides: EntryOverrides) {
  const entry = buildRequestEntry(overrides);
  const view = renderComponent(
    <ul>
      <RequestCard entry={entry} />
    </ul>,
    { at: '/dashboard/my-requests' },
  );
  const card = view.container.querySelector('li');
  if (!card) throw new Error('card not found');
  return { ...view, card: within(card) };
}

const at = (status: number, more: EntryOverrides = {}): EntryOverrides => ({
  ...more,
  request: { id: 42, request_timeline_status: status, ...more.request },
});

describe('RequestCard by timeline status', () => {
  it('adds nothing at 0: no bids, prices or buttons besides the detail link', () => {
    const { card } = renderCard(at(0));
    expect(card.getByText(TIMELINE_LABELS[0])).toBeInTheDocument();
    expect(card.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard/my-requests/42',
    ]);
  });

  it("shows the bid count and 'Show All' to the companies list at 1", () => {
    const { card } = renderCard(
      at(1, { request_bid: [{ company_id: 1, request_id: 42, bid_amount: 400 }] }),
    );
    expect(card.getByText('Bids received: 1')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Show All' })).toHaveAttribute(
      'href',
      '/dashboard/my-requests/companies-list/42',
    );
  });

  it('shows the final and discounted price and a Pay button to make-payment at 2', () => {
    const { card } = renderCard(at(2, { request: { final_amount: 500, discount: 10 } }));
    expect(card.getByText('$500.00')).toHaveTextContent('Final Price: $500.00');
    expect(card.getByText('$450.00')).toHaveTextContent('Discounted Price: $450.00');
    expect(card.getByRole('link', { name: 'Pay for request #42' })).toHaveAttribute(
      'href',
      '/dashboard/my-requests/make-payment/42',
    );
  });

  it('shows the company, price, comment and a company Chat at 3', async () => {
    const { card } = renderCard(
      at(3, {
        request: { final_amount: 620.5, final_comment: 'Piano on the 2nd floor' },
        company_profile: { name: 'Swift Movers' },
      }),
    );
    expect(card.getByText('Swift Movers')).toHaveTextContent('Company: Swift Movers');
    expect(card.getByText('$620.50')).toHaveTextContent('Price: $620.50');
    expect(card.getByText('Piano on the 2nd floor')).toHaveTextContent('Comment: Piano');
    await userEvent
      .setup()
      .click(card.getByRole('link', { name: 'Chat with the company of request #42' }));
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe(
        '/dashboard/chats?request_id=42&type=0',
      ),
    );
  });

  it('shows only Chat at 4', () => {
    const { card } = renderCard(at(4));
    expect(card.getByRole('link', { name: /Chat with the company/ })).toHaveAttribute(
      'href',
      '/dashboard/chats?request_id=42&type=0',
    );
    expect(card.queryByRole('link', { name: /Track|Pay/ })).not.toBeInTheDocument();
  });

  it('shows Track to tracking-location and a foreman Chat at 5', async () => {
    const { card } = renderCard(at(5));
    expect(card.getByRole('link', { name: 'Track request #42' })).toHaveAttribute(
      'href',
      '/dashboard/my-requests/tracking-location/42',
    );
    await userEvent
      .setup()
      .click(card.getByRole('link', { name: 'Chat with the foreman of request #42' }));
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe(
        '/dashboard/chats?request_id=42&type=2',
      ),
    );
  });

  it("shows 'Confirm move and release money' to confirm-complete at 6", () => {
    const { card } = renderCard(at(6));
    expect(card.getByRole('link', { name: 'Confirm move and release money' })).toHaveAttribute(
      'href',
      '/dashboard/my-requests/confirm-complete/42',
    );
    expect(card.queryByRole('link', { name: /Chat/ })).not.toBeInTheDocument();
  });

  it("shows 'Leave feedback' at 7, and at 8 when the response status is 0", () => {
    const first = renderCard(at(7));
    // The feedback modal of the confirm-complete screen.
    expect(first.card.getByRole('link', { name: 'Leave feedback' })).toHaveAttribute(
      'href',
      '/dashboard/my-requests/confirm-complete/42?feedback=1',
    );
    first.unmount();

    const second = renderCard(at(8, { status: 0 }));
    expect(second.card.getByText(TIMELINE_LABELS[7])).toBeInTheDocument();
    expect(second.card.getByRole('link', { name: 'Leave feedback' })).toBeInTheDocument();
  });

  it('shows the fixed $35 tip, the read-only rating and the feedback comment at 8', () => {
    const { card } = renderCard(
      at(8, { get_feedback: { company_rating: 4.5, company_comment: 'Careful crew' } }),
    );
    expect(card.getByText('$35.00')).toHaveTextContent('Tip: $35.00');
    expect(card.getByRole('img', { name: 'Rating: 4.5 out of 5 stars' })).toBeInTheDocument();
    expect(card.getByText('Careful crew')).toHaveTextContent('Feedback: Careful crew');
    expect(card.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('shows the stored tip at 8 when the feedback carries one', () => {
    const { card } = renderCard(
      at(8, { get_feedback: { company_rating: 5, company_comment: null, tip: 60 } }),
    );
    expect(card.getByText('$60.00')).toHaveTextContent('Tip: $60.00');
  });

  it("reads 'Pending request confirmation' for a direct request at 3 awaiting its letter", () => {
    const { card } = renderCard(at(3, { request: { request_type: 1 }, additional_status: 0 }));
    expect(card.getByText(MSG.pendingConfirmation)).toBeInTheDocument();
  });

  it('opens a cancelled request too, with nothing else to do on it (decision 041)', () => {
    const { card } = renderCard(at(11, { request: { request_status: 2 } }));
    expect(card.getByText(TIMELINE_LABELS[11])).toBeInTheDocument();
    expect(card.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard/my-requests/42',
    ]);
    expect(card.getByRole('link', { name: 'View details of request #42' })).toBeInTheDocument();
  });
});
