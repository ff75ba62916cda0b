import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/format-date';
import { setSession } from '../../../lib/storage';
import { buildUser } from '../../../test/fixtures';
import { buildSavedCard, cardsReply } from '../../../lib/card-form/card-test-helpers';
import { Screen } from '../draft';
import { StepSummary } from './step-summary';
import { buildDraft, MOVE_DATE, stubWizardServer } from '../test-draft';
import { renderStep } from '../test-wizard';

const logIn = () => setSession('token-123', buildUser());

describe('StepSummary', () => {
  it('shows the date, window, addresses with their details, move size, items by room and ticked extras', async () => {
    stubWizardServer();
    renderStep(<StepSummary />, { draft: buildDraft() });

    expect(
      screen.getByRole('heading', { level: 1, name: 'Confirm request details' }),
    ).toBeVisible();
    const date = screen.getByRole('region', { name: 'Move date and time' });
    expect(date).toHaveTextContent(`Move Date: ${formatDate(MOVE_DATE)}`);
    expect(date).toHaveTextContent('Move Time: 8:00 AM - 9:00 AM');

    const addresses = screen.getByRole('region', { name: 'Addresses' });
    expect(addresses).toHaveTextContent('Move Size: 2 bed room apt.');
    expect(addresses).toHaveTextContent('A: 100 Main St, Los Angeles, CA 90012, USA');
    expect(addresses).toHaveTextContent('Zip code: 90012');
    expect(addresses).toHaveTextContent('Unit number: 4B');
    expect(addresses).toHaveTextContent('Flights: 2');
    expect(addresses).toHaveTextContent('Hardwood floor: Yes');
    expect(addresses).toHaveTextContent('Parking and building info: Loading zone in front');
    expect(addresses).toHaveTextContent('B: 200 Ocean Ave, Santa Monica, CA 90401, USA');
    expect(addresses).toHaveTextContent('Storage: Yes');
    // C has stairs and 0 flights.
    expect(addresses).toHaveTextContent('Flights: Ground Floor');

    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByRole('heading', { name: 'Living Room' })).toBeVisible();
    const room = within(items).getByRole('list', { name: 'Living Room items' });
    expect(
      within(room)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Sofa (Large) × 2Leather, handle with care', 'Floor lamp (Small) × 1']);

    const extras = screen.getByRole('region', { name: 'Packing materials' });
    expect(extras).toHaveTextContent('Moving box (large) × 10 ($45.00)');
    expect(extras).not.toHaveTextContent('Bubble wrap');

    expect(screen.getByLabelText('Comments')).toHaveValue('Piano on the second floor');
    expect(screen.getByLabelText('Comments')).toHaveAttribute('name', 'final_comment');
    expect(await screen.findByText('Estimated price: $1,200 - $1,567')).toBeVisible();
  });

  it('opens the steps to edit: date and addresses at 0, details at 1, items at 3, packing at 5, card at 6', async () => {
    const { callsTo } = stubWizardServer();
    const user = userEvent.setup();
    const view = renderStep(<StepSummary />, { draft: buildDraft() });

    const opens = async (name: string, screenNumber: number) => {
      await user.click(screen.getByRole('button', { name }));
      expect(view.latest().screen).toBe(screenNumber);
    };
    await opens('Edit date and time', Screen.map);
    await opens('Edit addresses', Screen.map);
    await opens('Edit move details', Screen.details);
    await opens('Edit items', Screen.rooms);
    await opens('Add packing materials', Screen.extraItems);
    // A visitor reaches step 6 too (it says the card comes after logging in); no card call.
    const card = screen.getByRole('region', { name: 'Card' });
    expect(within(card).getByText('Added after you log in')).toBeVisible();
    await opens('Add card', Screen.card);
    expect(callsTo('/api/customer/checking_card_exist')).toHaveLength(0);
  });

  it("labels the Addresses card's two edit buttons with what each opens", async () => {
    stubWizardServer();
    renderStep(<StepSummary />, { draft: buildDraft() });

    const addresses = screen.getByRole('region', { name: 'Addresses' });
    const buttons = within(addresses).getAllByRole('button', { name: /^Edit/ });
    expect(buttons.map((b) => b.textContent)).toEqual(['Edit addresses', 'Edit move details']);
  });

  it('edits the common list at step 4 when that was the choice, and Prev returns there', async () => {
    stubWizardServer();
    const user = userEvent.setup();
    const draft = buildDraft({
      addItemsOptionType: 'by_common_list',
      commonList: buildDraft().rooms[0]?.itemList,
    });
    const view = renderStep(<StepSummary />, { draft });
    expect(screen.getByRole('list', { name: 'Common List items' })).toHaveTextContent(
      'Sofa (Large) × 2',
    );
    // spec §4: Prev from 7 returns to 3 or 4 by the chosen option.
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    expect(view.latest().screen).toBe(Screen.commonList);
    await user.click(screen.getByRole('button', { name: 'Edit items' }));
    expect(view.latest().screen).toBe(Screen.commonList);
  });

  it("offers 'Add card' to a customer without a card and shows the saved card's last digits", async () => {
    logIn();
    stubWizardServer({
      'POST /api/customer/checking_card_exist': cardsReply([buildSavedCard({ last4: '1881' })]),
    });
    const user = userEvent.setup();
    const view = renderStep(<StepSummary />, { draft: buildDraft() });

    const card = screen.getByRole('region', { name: 'Card' });
    expect(await within(card).findByText('Card ending in 1881')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'View card' }));
    expect(view.latest().screen).toBe(Screen.card);
  });

  it('preselects movers by move size, sends it to the estimate and recalculates when it changes', async () => {
    const { callsTo } = stubWizardServer();
    const user = userEvent.setup();
    const view = renderStep(<StepSummary />, { draft: buildDraft() });

    const movers = screen.getByLabelText('Movers');
    expect(movers).toHaveAttribute('name', 'movers');
    expect(movers).toHaveValue('3');
    expect(
      within(movers)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2', '3', '4']);
    expect(await screen.findByText('Estimated price: $1,200 - $1,567')).toBeVisible();
    const first = callsTo('/api/customer/calculate_estimated_price')[0]?.body;
    expect(first).toMatchObject({ movers: 3, move_type: 3 });
    expect((first as { items_id_array: unknown[] }).items_id_array).toHaveLength(3);
    expect(view.latest().requestKeyValue.estimated_price).toBe('1200 - 1567');

    await user.selectOptions(movers, '4');
    expect(await screen.findByText('Estimated price: $1,600 - $2,067')).toBeVisible();
    expect(callsTo('/api/customer/calculate_estimated_price').at(-1)?.body).toMatchObject({
      movers: 4,
    });
    expect(view.latest().requestKeyValue).toMatchObject({
      movers: 4,
      estimated_price: '1600 - 2067',
    });
  });

  it('defaults to 2 movers for a studio', () => {
    stubWizardServer();
    renderStep(<StepSummary />, { draft: buildDraft({ moveType: { id: 1, name: 'Studio' } }) });
    expect(screen.getByLabelText('Movers')).toHaveValue('2');
  });
});
