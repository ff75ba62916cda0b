import { useId } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CatalogueItem } from '@movehub/shared';
import type { ItemEntry } from './item-model';
import { ItemList } from './item-list';
import { ItemPicker } from './item-picker';

/**
 * One common list of items (spec §2 step 4 and the common-list edit screen): items searched in the
 * whole regular catalogue beside the chosen ones, with 'Total items: n', each detailed or deleted.
 */
export function CommonListEditor({
  catalogue,
  items,
  onChange,
  listTitle = 'Your items',
}: {
  catalogue: UseQueryResult<{ items: CatalogueItem[] }>;
  items: readonly ItemEntry[];
  /** Applies a change to the list (the recipe gets the list as it is then). */
  onChange: (recipe: (list: ItemEntry[]) => ItemEntry[]) => void;
  listTitle?: string;
}) {
  const ids = useId();
  const searchHeading = `${ids}-search-heading`;
  const listHeading = `${ids}-list-heading`;
  const total = items.reduce((sum, item) => sum + item.value, 0);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby={searchHeading}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="h6" component="h2" id={searchHeading} sx={{ mb: 2 }}>
          Find items
        </Typography>
        <ItemPicker
          catalogue={catalogue}
          selected={items}
          onAdd={(added) => onChange((list) => [...list, ...added])}
        />
      </Paper>
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby={listHeading}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="h6" component="h2" id={listHeading}>
          {listTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Total items: {total}
        </Typography>
        <ItemList label={listTitle} items={items} onChange={(list) => onChange(() => list)} />
      </Paper>
    </Box>
  );
}
