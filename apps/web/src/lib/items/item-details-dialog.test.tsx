import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUTH_HEADER } from '@movehub/shared';
import { setSession } from '../storage';
import { stubFetch } from '../../test/fetch-stub';
import { buildUser } from '../../test/fixtures';
import { renderComponent } from '../../test/render';
import type { ItemEntry } from './item-model';
import { customItemEntry } from './item-factory';
import { PHOTO_LIMIT_MESSAGE, PHOTO_NOT_IMAGE_MESSAGE } from './item-photos';
import { ItemList } from './item-list';

const catalogueChair: ItemEntry = {
  ...customItemEntry('Chair'),
  id: 33,
  added_by_type: '',
  size: '1',
  value: 2,
};

/**
 * The details dialog of one item of a selected list (the list of steps 3 and 4, without the
 * search); uploads answer with numbered urls. `latest()` is the list as the dialog left it.
 */
function renderDetails(item: ItemEntry) {
  const uploads: { form: FormData; headers: Record<string, string> }[] = [];
  const server = stubFetch({
    'POST /app_api/upload_s3_file': (_body, init) => {
      uploads.push({
        form: init.body as FormData,
        headers: init.headers as Record<string, string>,
      });
      return { code: 200, file_url: `/uploads/item/photo-${uploads.length}.jpg` };
    },
  });
  const box = { items: [item] };
  function Host() {
    const [items, setItems] = useState(box.items);
    box.items = items;
    return <ItemList label="Your items" items={items} onChange={setItems} />;
  }
  const view = renderComponent(<Host />);
  return { ...server, ...view, uploads, latest: () => ({ commonList: box.items }) };
}

const setup = (options: Parameters<typeof userEvent.setup>[0] = {}) =>
  userEvent.setup({ delay: null, ...options });
const image = (name: string) => new File(['img'], name, { type: 'image/jpeg' });

async function openDetails(name: string) {
  await setup().click(screen.getByRole('button', { name: `Details of ${name}` }));
  return screen.findByRole('dialog', { name: 'Item details' });
}

describe('ItemDetailsDialog, opened from the selected items', () => {
  it('shows a custom item at Extra Small and saves its size, quantity, name and comments', async () => {
    const { latest } = renderDetails(customItemEntry('Piano'));
    const user = setup();
    const dialog = within(await openDetails('Piano'));

    const size = dialog.getByRole('combobox', { name: /^Size/ });
    expect(size).toHaveTextContent('Extra Small');
    expect(screen.getByRole('dialog').querySelector('input[name="size"]')).toHaveValue('0');
    expect(dialog.getByLabelText('Name')).not.toHaveAttribute('readonly');

    await user.click(size);
    const sizes = within(screen.getByRole('listbox'));
    expect(sizes.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Extra Small',
      'Small',
      'Medium',
      'Large',
      'Extra Large',
    ]);
    await user.click(sizes.getByRole('option', { name: 'Large' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await user.type(dialog.getByLabelText('Quantity'), '2');
    const comments = dialog.getByLabelText('Comments');
    expect(comments).toHaveAttribute('name', 'comments');
    await user.type(comments, 'Old');
    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), ' Pianola ');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(latest().commonList[0]).toMatchObject({
      name: 'Pianola',
      size: '3',
      value: 12,
      comments: 'Old',
    });
  });

  it('keeps the detail quantity at 1 or more: empty, 0 and a decimal point give 1', async () => {
    const { latest } = renderDetails(catalogueChair);
    const user = setup();
    const dialog = within(await openDetails('Chair'));
    expect(dialog.getByLabelText('Name')).toHaveAttribute('readonly');
    const quantity = dialog.getByLabelText('Quantity');
    expect(quantity).toHaveAttribute('name', 'value');
    expect(quantity).toHaveValue('2');

    await user.clear(quantity);
    await user.tab();
    expect(quantity).toHaveValue('1');
    await user.clear(quantity);
    await user.type(quantity, '0');
    expect(quantity).toHaveValue('1');
    await user.type(quantity, '5');
    expect(quantity).toHaveValue('15');
    await user.type(quantity, '.');
    expect(quantity).toHaveValue('1');

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(latest().commonList[0]?.value).toBe(1));
    expect(latest().commonList[0]?.name).toBe('Chair');
  });

  it('uploads each photo at once, as multipart without a token, and keeps at most 3', async () => {
    setSession('token-abc', buildUser());
    const { latest, uploads } = renderDetails(catalogueChair);
    const user = setup();
    const dialog = within(await openDetails('Chair'));
    const input = dialog.getByLabelText('Add photos');
    expect(input).toHaveAttribute('accept', 'image/*');

    await user.upload(input, [image('a.jpg'), image('b.jpg')]);
    expect(await dialog.findByRole('img', { name: 'Photo 2 of Chair' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^\/uploads\/item\/photo-\d\.jpg$/),
    );
    expect(uploads).toHaveLength(2);
    expect(uploads[0]?.form.get('upload_type')).toBe('item');
    expect(uploads[0]?.form.get('upload_file')).toBeInstanceOf(File);
    expect(uploads[0]?.headers[AUTH_HEADER]).toBeUndefined();

    await user.upload(input, [image('c.jpg'), image('d.jpg')]);
    expect(await dialog.findByRole('img', { name: 'Photo 3 of Chair' })).toBeInTheDocument();
    expect(dialog.getByText(PHOTO_LIMIT_MESSAGE)).toBeInTheDocument();
    expect(uploads).toHaveLength(3);
    expect(input).toBeDisabled();

    await user.click(dialog.getByRole('button', { name: 'Remove photo 1' }));
    expect(dialog.getAllByRole('img')).toHaveLength(2);
    expect(input).toBeEnabled();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(latest().commonList[0]?.images).toHaveLength(2));
  });

  it('refuses a file that is not an image and uploads nothing', async () => {
    const { uploads } = renderDetails(catalogueChair);
    // A browser may let any file through the picker (or a drop): the rule still holds.
    const user = setup({ applyAccept: false });
    const dialog = within(await openDetails('Chair'));
    await user.upload(
      dialog.getByLabelText('Add photos'),
      new File(['%PDF'], 'inventory.pdf', { type: 'application/pdf' }),
    );
    expect(await dialog.findByText(PHOTO_NOT_IMAGE_MESSAGE)).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
    expect(dialog.queryByRole('img')).not.toBeInTheDocument();
  });

  it('leaves the item as it was on Cancel', async () => {
    const { latest } = renderDetails(catalogueChair);
    const user = setup();
    const dialog = within(await openDetails('Chair'));
    await user.type(dialog.getByLabelText('Comments'), 'Scratched');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(latest().commonList[0]).toEqual(catalogueChair);
  });
});
