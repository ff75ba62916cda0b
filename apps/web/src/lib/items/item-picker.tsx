import { memo, useCallback, useId, useMemo, useRef, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import {
  canAddCustomItem,
  customItemDuplicateError,
  itemSizeLabel,
  type CatalogueItem,
} from '@movehub/shared';
import { PageLoader } from '../../ui/page-loader';
import type { ItemEntry } from './item-model';
import { addCatalogueItems, customItemEntry } from './item-factory';
import { QuantityField } from './quantity-field';
import { LoadError } from '../../ui/load-error';

interface ItemPickerProps {
  /** The catalogue in scope: a room type's items, or every regular item for the common list. */
  catalogue: UseQueryResult<{ items: CatalogueItem[] }>;
  /** The entries already chosen for this room or list (names and duplicates count them). */
  selected: readonly ItemEntry[];
  onAdd: (items: ItemEntry[]) => void;
}

/**
 * The item search of steps 3 and 4 (spec §2, §5 "Custom items", "Quantities", "Naming"): the
 * catalogue filtered by the typed name, a quantity per item (minimum 0), 'Add to move' for the
 * items above 0, and 'Add custom item' once more than 2 characters are typed.
 */
export function ItemPicker({ catalogue, selected, onAdd }: ItemPickerProps) {
  const ids = useId();
  const [search, setSearch] = useState('');
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [customError, setCustomError] = useState<string | null>(null);
  // After an add, the button pressed is gone (Add custom item) or disabled (Add to move): the
  // focus goes back to the search, ready for the next item, instead of to the page's top.
  const searchRef = useRef<HTMLInputElement>(null);
  const items = useMemo(() => catalogue.data?.items ?? [], [catalogue.data]);

  const matches = useMemo(() => {
    const query = search.trim().toLowerCase();
    return query === '' ? items : items.filter((item) => item.name.toLowerCase().includes(query));
  }, [items, search]);

  // Stable, so that a keystroke in one row does not re-render the whole catalogue.
  const setQuantity = useCallback(
    (id: number, value: number) => setQuantities((current) => ({ ...current, [id]: value })),
    [],
  );

  const picks = items
    .map((item) => ({ item, value: quantities[item.id] ?? 0 }))
    .filter((pick) => pick.value > 0);

  const addToMove = () => {
    const added = addCatalogueItems(selected, picks);
    if (added.length === 0) return;
    onAdd(added);
    setQuantities({});
    searchRef.current?.focus();
  };

  const addCustom = () => {
    const problem = customItemDuplicateError(search, items, selected);
    setCustomError(problem);
    if (problem) return;
    onAdd([customItemEntry(search)]);
    setSearch('');
    searchRef.current?.focus();
  };

  const resultsId = `${ids}-results`;
  return (
    <Stack spacing={1.5}>
      <TextField
        id={`${ids}-search`}
        name="search"
        label="Search items"
        type="search"
        inputRef={searchRef}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setCustomError(null);
        }}
        fullWidth
        autoComplete="off"
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
          htmlInput: { maxLength: 200, 'aria-controls': resultsId },
        }}
      />
      {canAddCustomItem(search) && (
        <Box>
          <Button variant="outlined" startIcon={<AddIcon aria-hidden />} onClick={addCustom}>
            Add custom item
          </Button>
        </Box>
      )}
      {customError && <Alert severity="error">{customError}</Alert>}

      <Box id={resultsId}>
        {catalogue.isPending ? (
          <PageLoader label="Loading items" />
        ) : catalogue.isError ? (
          <LoadError message="We could not load the items." onRetry={catalogue.refetch} />
        ) : matches.length === 0 ? (
          <Typography variant="body2" color="text.secondary" role="status">
            {search.trim() === ''
              ? 'No items to choose from.'
              : 'No items match your search. You can add it as a custom item.'}
          </Typography>
        ) : (
          <Box
            component="ul"
            aria-label="Search results"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              maxHeight: 420,
              overflowY: 'auto',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          >
            {matches.map((item, index) => (
              <SearchRow
                key={item.id}
                idPrefix={ids}
                item={item}
                first={index === 0}
                value={quantities[item.id] ?? 0}
                onChange={setQuantity}
              />
            ))}
          </Box>
        )}
      </Box>
      <Box>
        <Button
          variant="contained"
          startIcon={<AddIcon aria-hidden />}
          onClick={addToMove}
          disabled={picks.length === 0}
        >
          Add to move
        </Button>
      </Box>
    </Stack>
  );
}

const SearchRow = memo(function SearchRow({
  idPrefix,
  item,
  first,
  value,
  onChange,
}: {
  idPrefix: string;
  item: CatalogueItem;
  first: boolean;
  value: number;
  onChange: (id: number, value: number) => void;
}) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        px: 1.5,
        py: 1,
        borderTop: first ? 0 : 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ minWidth: 0, flex: '1 1 160px' }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{item.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {itemSizeLabel(item.size)}
        </Typography>
      </Box>
      <QuantityField
        id={`${idPrefix}-${item.id}-value`}
        value={value}
        onChange={(next) => onChange(item.id, next)}
        context="search-list"
        ariaLabel={`Quantity to add: ${item.name}`}
        itemName={item.name}
        steppers
      />
    </Box>
  );
});
