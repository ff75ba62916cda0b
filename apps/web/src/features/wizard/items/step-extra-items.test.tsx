import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { ItemType } from '@movehub/shared';
import { Screen, type WizardItem } from '../draft';
import { catalogueItemEntry } from '../../../lib/items/item-factory';
import { StepExtraItems } from './step-extra-items';
import { PACKING_MATERIALS } from '../../../lib/items/test-catalogue';
import { renderStep, TEST_PROFILE } from '../test-wizard';

function renderExtraItems(options: { extraItemsList?: WizardItem[]; direct?: boolean } = {}) {
  const server = stubFetch({
    'POST /api/customer/get_item': { code: 200, data: { items: PACKING_MATERIALS } },
  });
  const view = renderStep(<StepExtraItems />, {
    draft: {
      screen: Screen.extraItems,
      addItemsOptionType: 'by_room',
      extraItemsList: options.extraItemsList ?? [],
    },
    direct: options.direct ? { link: 'swift-movers-la', profile: TEST_PROFILE } : null,
  });
  return { ...server, ...view };
}

const setup = () => userEvent.setup({ delay: null });

describe('StepExtraItems', () => {
  it('lists the packing materials with a checkbox, a quantity and the unit price', async () => {
    const { calls } = renderExtraItems({ direct: true });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Packing and moving material' }),
    ).toBeInTheDocument();
    const box = await screen.findByRole('checkbox', { name: 'Small box' });
    expect(box).not.toBeChecked();
    expect(screen.getByLabelText('Quantity: Small box')).toHaveValue('0');
    expect(screen.getByLabelText('Quantity: Small box')).toBeDisabled();
    const list = screen.getByRole('list', { name: 'Packing materials' });
    expect(within(list).getByText('$3.00')).toBeInTheDocument();
    expect(within(list).getByText('$20.00')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ type: '2', company_direct_link: 'swift-movers-la' });
  });

  it('sets 1 on ticking and 0 on unticking, and keeps an extra quantity at 1 or more', async () => {
    const { latest } = renderExtraItems();
    const user = setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Small box' }));
    const quantity = screen.getByLabelText('Quantity: Small box');
    expect(quantity).toHaveValue('1');
    expect(latest().extraItemsList).toEqual([
      expect.objectContaining({ id: 41, name: 'Small box', type: '2', isSelected: true, value: 1 }),
      expect.objectContaining({ id: 42, type: '2', isSelected: false, value: 0 }),
    ]);

    await user.type(quantity, '2');
    expect(quantity).toHaveValue('12');
    await user.type(quantity, '.');
    expect(quantity).toHaveValue('1');
    await user.clear(quantity);
    await user.type(quantity, '0');
    expect(quantity).toHaveValue('1');
    await user.type(quantity, '0');
    expect(latest().extraItemsList[0]).toMatchObject({
      isSelected: true,
      value: 10,
      unit_price: 3,
    });
    expect(screen.getByRole('status')).toHaveTextContent('$30.00');

    await user.click(screen.getByRole('checkbox', { name: 'Small box' }));
    expect(quantity).toHaveValue('0');
    expect(latest().extraItemsList[0]).toMatchObject({ isSelected: false, value: 0 });
  });

  it('shows what was ticked before', async () => {
    const bubbleWrap = PACKING_MATERIALS[1]!;
    renderExtraItems({
      extraItemsList: [
        {
          ...catalogueItemEntry(bubbleWrap, bubbleWrap.name, 4),
          type: ItemType.extra,
          isSelected: true,
        },
      ],
    });
    expect(await screen.findByRole('checkbox', { name: 'Bubble wrap roll' })).toBeChecked();
    expect(screen.getByLabelText('Quantity: Bubble wrap roll')).toHaveValue('4');
    expect(screen.getByRole('checkbox', { name: 'Small box' })).not.toBeChecked();
  });

  it("tells what an item is in a tooltip of its 'About' button", async () => {
    renderExtraItems();
    const about = await screen.findByRole('button', { name: 'About Bubble wrap roll' });
    await setup().hover(about);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'A 12 in by 100 ft roll to cushion fragile and breakable items.',
    );
    expect(about).toHaveAccessibleDescription(
      'A 12 in by 100 ft roll to cushion fragile and breakable items.',
    );
  });

  it('returns to the summary with Prev and with Next', async () => {
    const { latest } = renderExtraItems();
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    expect(latest().screen).toBe(Screen.summary);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(latest().screen).toBe(Screen.summary);
  });
});
