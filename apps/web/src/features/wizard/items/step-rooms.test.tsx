import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { Screen, type WizardRoom } from '../draft';
import { customItemEntry } from '../../../lib/items/item-factory';
import { DELETE_ROOM_MESSAGE, ROOM_NAME_REQUIRED_MESSAGE } from '../../../lib/items/rooms-editor';
import { StepRooms } from './step-rooms';
import { BEDROOM_ITEMS, LIVING_ROOM_ITEMS, ROOM_TYPES } from '../../../lib/items/test-catalogue';
import { renderStep } from '../test-wizard';

function renderRooms(rooms: WizardRoom[] = []) {
  const server = stubFetch({
    'POST /api/customer/get_item_categories_by_type': { code: 200, data: { items: ROOM_TYPES } },
    'POST /api/customer/get_item_by_category_id': (body) => ({
      code: 200,
      data: {
        items:
          (body as { category_id: number }).category_id === 2 ? BEDROOM_ITEMS : LIVING_ROOM_ITEMS,
      },
    }),
  });
  const view = renderStep(<StepRooms />, {
    draft: { screen: Screen.rooms, addItemsOptionType: 'by_room', rooms },
  });
  return { ...server, ...view };
}

const setup = () => userEvent.setup({ delay: null });
const room = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section')!;

const roomType = () => screen.getByRole('combobox', { name: /^Room Type/ });

async function addRoom(type: string) {
  const user = setup();
  await waitFor(() => expect(roomType()).not.toHaveAttribute('aria-disabled'));
  await user.click(roomType());
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: type }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  await user.click(screen.getByRole('button', { name: 'Add Room' }));
}

const bedroom = (overrides: Partial<WizardRoom> = {}): WizardRoom => ({
  room_id: 'room-1',
  id: 2,
  room_name: 'Bedroom',
  itemList: [],
  ...overrides,
});

describe('StepRooms', () => {
  it("adds a room of the chosen type, a repeat named ' #2', and nothing when no type is chosen", async () => {
    const { calls, latest } = renderRooms();
    const user = setup();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Add items by room' }),
    ).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      path: '/api/customer/get_item_categories_by_type',
      body: { type: '1' },
    });
    await waitFor(() => expect(roomType()).not.toHaveAttribute('aria-disabled'));
    await user.click(screen.getByRole('button', { name: 'Add Room' }));
    expect(latest().rooms).toEqual([]);

    await addRoom('Bedroom');
    await addRoom('Bedroom');
    expect(latest().rooms.map((entry) => [entry.room_name, entry.id])).toEqual([
      ['Bedroom', 2],
      ['Bedroom #2', 2],
    ]);
    expect(new Set(latest().rooms.map((entry) => entry.room_id)).size).toBe(2);
    expect(screen.getByRole('heading', { level: 2, name: 'Bedroom #2' })).toBeInTheDocument();
  });

  it("searches the room type's catalogue and adds the picked items to that room", async () => {
    const { calls, latest } = renderRooms();
    const user = setup();
    await addRoom('Bedroom');
    const section = within(room('Bedroom'));
    await section.findByRole('list', { name: 'Search results' });
    expect(
      calls.find((call) => call.path === '/api/customer/get_item_by_category_id')?.body,
    ).toEqual({ type: '', category_id: 2 });

    await user.type(section.getByLabelText('Quantity to add: Nightstand'), '2');
    await user.click(section.getByRole('button', { name: 'Add to move' }));
    expect(latest().rooms[0]?.itemList).toEqual([
      expect.objectContaining({ id: 22, name: 'Nightstand', value: 2, size: '1' }),
    ]);
    expect(
      within(section.getByRole('list', { name: 'Items in Bedroom' })).getByText('Nightstand'),
    ).toBeInTheDocument();
  });

  it('refuses an empty room name on rename and keeps the dialog open', async () => {
    const { latest } = renderRooms([bedroom()]);
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Rename room Bedroom' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rename room' }));
    const name = dialog.getByLabelText(/Room Name/);
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText(ROOM_NAME_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Rename room' })).toBeInTheDocument();
    expect(latest().rooms[0]?.room_name).toBe('Bedroom');

    await user.clear(name);
    await user.type(name, " Kids' room ");
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(latest().rooms[0]?.room_name).toBe("Kids' room");
    expect(screen.getByRole('heading', { level: 2, name: "Kids' room" })).toBeInTheDocument();
  });

  it('deletes a room only after the confirmation', async () => {
    const { latest } = renderRooms([
      bedroom(),
      bedroom({ room_id: 'room-2', room_name: 'Bedroom #2' }),
    ]);
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Delete room Bedroom' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete room' });
    expect(within(dialog).getByText(DELETE_ROOM_MESSAGE)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(latest().rooms).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Delete room Bedroom' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete room' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(latest().rooms.map((entry) => entry.room_name)).toEqual(['Bedroom #2']),
    );
  });

  it('details and deletes the items of a room', async () => {
    const { latest } = renderRooms([
      bedroom({ itemList: [customItemEntry('Piano'), customItemEntry('Mirror stand')] }),
    ]);
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Delete Mirror stand' }));
    expect(latest().rooms[0]?.itemList.map((item) => item.name)).toEqual(['Piano']);

    await user.click(screen.getByRole('button', { name: 'Details of Piano' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Item details' }));
    await user.click(dialog.getByRole('combobox', { name: /^Size/ }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Medium' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(latest().rooms[0]?.itemList[0]?.size).toBe('2'));
  });

  it('goes on to the summary with Next (spec §4: 3 leads to 7)', async () => {
    const { latest } = renderRooms([bedroom({ itemList: [customItemEntry('Piano')] })]);
    await setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(latest().screen).toBe(Screen.summary);
  });

  it('returns to step 2 with Prev', async () => {
    const { latest } = renderRooms();
    await setup().click(screen.getByRole('button', { name: 'Prev' }));
    expect(latest().screen).toBe(Screen.itemsOption);
  });
});
