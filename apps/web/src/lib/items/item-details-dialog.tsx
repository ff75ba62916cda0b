import { useId, useState, type FormEvent } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  CUSTOM_ITEM_ADDED_BY,
  ITEM_SIZE_CODES,
  ITEM_SIZES,
  isItemSizeCode,
  MSG,
  sameItemName,
} from '@movehub/shared';
import type { ItemEntry, ItemPhoto } from './item-model';
import { ItemPhotos } from './item-photos';
import { QuantityField } from './quantity-field';
import { FormDialog } from '../../ui/form-dialog';
import { textArea } from '../../ui/text-area';

export const ITEM_NAME_REQUIRED_MESSAGE = 'Please enter the item name.';

interface ItemDetailsDialogProps {
  item: ItemEntry;
  /** The other entries of the same room or list: a custom item's new name must not repeat one. */
  otherItems: readonly ItemEntry[];
  onSave: (item: ItemEntry) => void;
  onClose: () => void;
}

/**
 * An item's details (spec §2 steps 3 and 4 "detailed"; §3 Item; §5): size (default Extra Small),
 * quantity (minimum 1 here: empty or 0 becomes 1, a decimal point resets to 1), comments and up
 * to 3 photos. A catalogue item keeps its name; a custom one may be renamed.
 */
export function ItemDetailsDialog({ item, otherItems, onSave, onClose }: ItemDetailsDialogProps) {
  const ids = useId();
  const custom = item.added_by_type === CUSTOM_ITEM_ADDED_BY || item.id === '';
  const [name, setName] = useState(item.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [size, setSize] = useState(item.size);
  const [value, setValue] = useState(Math.max(1, item.value));
  const [comments, setComments] = useState(item.comments);
  const [images, setImages] = useState<ItemPhoto[]>(item.images);
  const [uploading, setUploading] = useState(0);
  const titleId = `${ids}-title`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (uploading > 0) return;
    const trimmed = name.trim();
    if (custom) {
      if (trimmed === '') return setNameError(ITEM_NAME_REQUIRED_MESSAGE);
      // spec §5: a custom item's name may not repeat one of the selected list.
      if (otherItems.some((other) => sameItemName(other.name, trimmed))) {
        return setNameError(MSG.duplicateInSelected);
      }
    }
    onSave({ ...item, name: custom ? trimmed : item.name, size, value, comments, images });
  };

  return (
    <FormDialog
      onClose={onClose}
      title="Item details"
      titleId={titleId}
      submitLabel="Save"
      // A photo still going up would be lost: the item is saved once it has arrived.
      submitDisabled={uploading > 0}
      onSubmit={onSubmit}
      maxWidth="sm"
    >
      <TextField
        id={`${ids}-name`}
        name="name"
        label="Name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setNameError(null);
        }}
        error={nameError !== null}
        helperText={nameError ?? (custom ? undefined : 'Catalogue items keep their name.')}
        fullWidth
        slotProps={{ htmlInput: { readOnly: !custom, maxLength: 200 } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          id={`${ids}-size`}
          name="size"
          label="Size"
          select
          value={size}
          onChange={(event) => {
            if (isItemSizeCode(event.target.value)) setSize(event.target.value);
          }}
          fullWidth
        >
          {ITEM_SIZE_CODES.map((code, index) => (
            <MenuItem key={code} value={code}>
              {ITEM_SIZES[index]}
            </MenuItem>
          ))}
        </TextField>
        <QuantityField
          id={`${ids}-value`}
          value={value}
          onChange={setValue}
          context="detail"
          ariaLabel="Quantity"
          size="medium"
        />
      </Stack>
      <TextField
        id={`${ids}-comments`}
        name="comments"
        label="Comments"
        value={comments}
        onChange={(event) => setComments(event.target.value)}
        {...textArea(2, { htmlInput: { maxLength: 2000 } })}
        fullWidth
      />
      <ItemPhotos
        itemName={item.name}
        images={images}
        setImages={setImages}
        uploading={uploading}
        setUploading={setUploading}
      />
    </FormDialog>
  );
}
