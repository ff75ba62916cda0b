import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { itemSizeLabel } from '@movehub/shared';
import type { ItemEntry } from './item-model';
import { ItemDetailsDialog } from './item-details-dialog';
import { QuantityField } from './quantity-field';

interface ItemListProps {
  /** Names the list for assistive technology, e.g. 'Items in Bedroom'. */
  label: string;
  items: readonly ItemEntry[];
  onChange: (items: ItemEntry[]) => void;
}

/**
 * The items chosen for a room or the common list (spec §2 steps 3 and 4: detail or delete). The
 * quantity here may go down to 0 (spec §5 "In the item list minimum 0"); such an entry stays
 * listed and is left out when the request is sent.
 */
export function ItemList({ label, items, onChange }: ItemListProps) {
  const ids = useId();
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = items.find((item) => item.item_id === editingId) ?? null;

  const replace = (next: ItemEntry) =>
    onChange(items.map((item) => (item.item_id === next.item_id ? next : item)));

  if (items.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No items added yet.
      </Typography>
    );
  }

  return (
    <>
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((item, index) => {
          const photos = item.images.length;
          return (
            <Box
              component="li"
              key={item.item_id}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 1.5,
                py: 1.5,
                borderTop: index === 0 ? 0 : 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {item.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {itemSizeLabel(item.size) ?? 'Extra Small'}
                  {/* spec §2 common-list editor: "its count followed by 'pieces'", verbatim. */}
                  {` · ${item.value} pieces`}
                  {photos > 0 && ` · ${photos} ${photos === 1 ? 'photo' : 'photos'}`}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <QuantityField
                  id={`${ids}-${item.item_id}-value`}
                  value={item.value}
                  onChange={(value) => replace({ ...item, value })}
                  context="search-list"
                  ariaLabel={`Quantity: ${item.name}`}
                />
                <Button
                  variant="outlined"
                  size="small"
                  aria-label={`Details of ${item.name}`}
                  onClick={() => setEditingId(item.item_id)}
                >
                  Details
                </Button>
                <IconButton
                  aria-label={`Delete ${item.name}`}
                  onClick={() => onChange(items.filter((entry) => entry.item_id !== item.item_id))}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            </Box>
          );
        })}
      </Box>
      {editing && (
        <ItemDetailsDialog
          key={editing.item_id}
          item={editing}
          otherItems={items.filter((item) => item.item_id !== editing.item_id)}
          onClose={() => setEditingId(null)}
          onSave={(next) => {
            replace(next);
            setEditingId(null);
          }}
        />
      )}
    </>
  );
}
