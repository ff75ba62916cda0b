import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, QUANTITY_LIMIT_MESSAGE } from '@movehub/shared';
import { stubFetch } from '../../../test/fetch-stub';
import { Screen, type WizardItem } from '../draft';
import { customItemEntry } from '../../../lib/items/item-factory';
import { StepCommonList } from './step-common-list';
import { COMMON_ITEMS } from '../../../lib/items/test-catalogue';
import { renderStep, TEST_PROFILE } from '../test-wizard';

function renderCommonList(options: { commonList?: WizardItem[]; direct?: boolean } = {}) {
  const server = stubFetch({
    'POST /api/customer/get_item': { code: 200, data: { items: COMMON_ITEMS } },
  });
  const view = renderStep(<StepCommonList />, {
    draft: {
      screen: Screen.commonList,
      addItemsOptionType: 'by_common_list',
      commonList: options.commonList ?? [],
    },
    direct: options.direct ? { link: 'swift-movers-la', profile: TEST_PROFILE } : null,
  });
  return { ...server, ...view };
}

const setup = () => userEvent.setup({ delay: null });
const results = () => screen.findByRole('list', { name: 'Search results' });
const searchQuantity = (name: string) => screen.getByLabelText(`Quantity to add: ${name}`);
const search = () => screen.getByLabelText('Search items');
const addToMove = () => screen.getByRole('button', { name: 'Add to move' });

describe('StepCommonList and its item picker', () => {
  it('searches the whole catalogue by name', async () => {
    const { calls } = renderCommonList();
    const user = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Common List' })).toBeInTheDocument();
    const list = await results();
    expect(within(list).getAllByRole('listitem')).toHaveLength(COMMON_ITEMS.length);
    expect(calls.filter((call) => call.path === '/api/customer/get_item')[0]?.body).toEqual({
      type: '1',
    });

    await user.type(search(), 'box');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('Box (small)'), expect.stringContaining('Box (large)')]);
  });

  it("sends the company's link with the catalogue call in direct-link mode", async () => {
    const { calls } = renderCommonList({ direct: true });
    await results();
    expect(calls.find((call) => call.path === '/api/customer/get_item')?.body).toEqual({
      type: '1',
      company_direct_link: 'swift-movers-la',
    });
  });

  it("offers 'Add custom item' only after more than 2 characters and adds it trimmed, as a Common List item of 1", async () => {
    const { latest } = renderCommonList();
    const user = setup();
    await results();
    await user.type(search(), '  Pi');
    expect(screen.queryByRole('button', { name: 'Add custom item' })).not.toBeInTheDocument();
    await user.type(search(), 'ano ');
    await user.click(screen.getByRole('button', { name: 'Add custom item' }));

    expect(latest().commonList).toEqual([
      expect.objectContaining({
        id: '',
        name: 'Piano',
        value: 1,
        category_name: 'Common List',
        currency: 'USD',
        added_by_type: '1',
        size: '0',
        type: '1',
      }),
    ]);
    expect(search()).toHaveValue('');
    const selected = screen.getByRole('list', { name: 'Your items' });
    expect(within(selected).getByText('Piano')).toBeInTheDocument();
    expect(within(selected).getByText(/Extra Small/)).toBeInTheDocument();
  });

  it('refuses a custom item named like a catalogue item or a selected item, with the verbatim messages', async () => {
    const { latest } = renderCommonList({ commonList: [customItemEntry('Grandfather clock')] });
    const user = setup();
    await results();

    await user.type(search(), ' chair ');
    await user.click(screen.getByRole('button', { name: 'Add custom item' }));
    expect(await screen.findByText(MSG.duplicateInSearch)).toBeInTheDocument();

    await user.clear(search());
    expect(screen.queryByText(MSG.duplicateInSearch)).not.toBeInTheDocument();
    await user.type(search(), 'GRANDFATHER clock');
    await user.click(screen.getByRole('button', { name: 'Add custom item' }));
    expect(await screen.findByText(MSG.duplicateInSelected)).toBeInTheDocument();
    expect(latest().commonList).toHaveLength(1);
  });

  it('says a quantity stops at 999 when a 4th digit is typed', async () => {
    renderCommonList();
    const user = setup();
    await results();
    const chair = searchQuantity('Chair');
    await user.type(chair, '999');
    expect(screen.queryByText(QUANTITY_LIMIT_MESSAGE)).not.toBeInTheDocument();
    await user.type(chair, '9');
    expect(chair).toHaveValue('999');
    expect(screen.getByText(QUANTITY_LIMIT_MESSAGE)).toBeInTheDocument();
    expect(chair).toHaveAttribute('aria-invalid', 'true');
    await user.clear(chair);
    await user.type(chair, '12');
    expect(screen.queryByText(QUANTITY_LIMIT_MESSAGE)).not.toBeInTheDocument();
  });

  it('keeps search quantities whole, at most 3 digits, never negative, and resets them to 0 on a decimal point', async () => {
    renderCommonList();
    const user = setup();
    await results();
    const chair = searchQuantity('Chair');
    expect(chair).toHaveValue('0');
    expect(chair).toHaveAttribute('name', 'value');
    expect(screen.getByRole('button', { name: 'Decrease Chair' })).toBeDisabled();

    await user.type(chair, '5');
    expect(chair).toHaveValue('5');
    await user.type(chair, '.');
    expect(chair).toHaveValue('0');
    await user.type(chair, '-7');
    expect(chair).toHaveValue('7');
    await user.type(chair, '891');
    expect(chair).toHaveValue('789');
    await user.clear(chair);
    await user.tab();
    expect(chair).toHaveValue('0');
    await user.click(screen.getByRole('button', { name: 'Increase Chair' }));
    await user.click(screen.getByRole('button', { name: 'Increase Chair' }));
    await user.click(screen.getByRole('button', { name: 'Decrease Chair' }));
    expect(chair).toHaveValue('1');
  });

  it("adds only the items above 0 with 'Add to move', then resets the search quantities", async () => {
    const { latest } = renderCommonList();
    const user = setup();
    await results();
    expect(addToMove()).toBeDisabled();

    await user.type(searchQuantity('Chair'), '2');
    await user.type(searchQuantity('Television'), '3');
    await user.clear(searchQuantity('Television'));
    await user.click(screen.getByRole('button', { name: 'Increase Box (small)' }));
    await user.click(addToMove());

    expect(latest().commonList.map((item) => [item.name, item.value, item.id])).toEqual([
      ['Box (small)', 1, 31],
      ['Chair', 2, 33],
    ]);
    expect(latest().commonList[1]).toMatchObject({ size: '1', category_name: 'Common List' });
    expect(searchQuantity('Chair')).toHaveValue('0');
    expect(searchQuantity('Box (small)')).toHaveValue('0');
    expect(addToMove()).toBeDisabled();
  });

  it('gives the focus back to the search after an add by keyboard, not to the top of the page', async () => {
    const { latest } = renderCommonList();
    const user = setup();
    await results();

    // Add to move turns disabled once the items are added.
    screen.getByRole('button', { name: 'Increase Chair' }).focus();
    await user.keyboard('{Enter}');
    addToMove().focus();
    await user.keyboard('{Enter}');
    expect(latest().commonList.map((item) => item.name)).toEqual(['Chair']);
    expect(search()).toHaveFocus();

    // Add custom item goes away with the search text it added.
    await user.type(search(), 'Piano bench');
    screen.getByRole('button', { name: 'Add custom item' }).focus();
    await user.keyboard('{Enter}');
    expect(latest().commonList.map((item) => item.name)).toEqual(['Chair', 'Piano bench']);
    expect(search()).toHaveFocus();
    expect(search()).toHaveValue('');
  });

  it("names a repeated catalogue item ' #n' and starts the copy without photos", async () => {
    const first: WizardItem = {
      ...customItemEntry('Chair'),
      id: 33,
      added_by_type: '',
      images: [{ image_url: '/uploads/item/chair.jpg' }],
    };
    const { latest } = renderCommonList({ commonList: [first] });
    const user = setup();
    await results();

    await user.type(searchQuantity('Chair'), '1');
    await user.click(addToMove());
    await user.type(searchQuantity('Chair'), '4');
    await user.click(addToMove());

    expect(latest().commonList.map((item) => [item.name, item.value, item.images])).toEqual([
      ['Chair', 1, [{ image_url: '/uploads/item/chair.jpg' }]],
      ['Chair #2', 1, []],
      ['Chair #3', 4, []],
    ]);
  });

  it('lets a chosen quantity go down to 0 and deletes an item', async () => {
    const { latest } = renderCommonList({
      commonList: [customItemEntry('Piano'), customItemEntry('Lamp stand')],
    });
    const user = setup();
    const quantity = screen.getByLabelText('Quantity: Piano');
    await user.type(quantity, '.');
    expect(quantity).toHaveValue('0');
    expect(latest().commonList[0]?.value).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Delete Lamp stand' }));
    expect(latest().commonList.map((item) => item.name)).toEqual(['Piano']);
  });

  it('goes on to the summary with Next (spec §4: 4 leads to 7)', async () => {
    const { latest } = renderCommonList({
      commonList: [{ ...customItemEntry('Piano'), value: 2 }],
    });
    await setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(latest().screen).toBe(Screen.summary);
  });

  it('returns to step 2 with Prev', async () => {
    const { latest } = renderCommonList();
    await setup().click(screen.getByRole('button', { name: 'Prev' }));
    await waitFor(() => expect(latest().screen).toBe(Screen.itemsOption));
  });
});
