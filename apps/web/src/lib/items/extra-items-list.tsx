import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import { formatUsd, toCents } from '@movehub/shared';
import type { ItemEntry } from './item-model';
import { QuantityField } from './quantity-field';

/**
 * The packing and moving material (spec §2 step 5 and the 'Edit Extra Items' screen): each with a
 * checkbox, a quantity, its price and a tooltip description, and the total of the ticked ones.
 * spec §4 "Item editing": unticked has quantity 0; ticking sets 1, unticking sets 0.
 */
export function ExtraItemsList({
  rows,
  onRowChange,
}: {
  rows: readonly ItemEntry[];
  onRowChange: (id: number, patch: Partial<ItemEntry>) => void;
}) {
  const totalCents = rows
    .filter((row) => row.isSelected)
    .reduce((sum, row) => sum + toCents(row.unit_price) * row.value, 0);
  return (
    <>
      <Box component="ul" aria-label="Packing materials" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row, index) => (
          <ExtraItemRow
            key={row.id}
            row={row}
            first={index === 0}
            onChange={(patch) => onRowChange(row.id as number, patch)}
          />
        ))}
      </Box>
      <Typography sx={{ mt: 2, fontWeight: 600 }} role="status">
        Packing materials total: {formatUsd(totalCents)}
      </Typography>
    </>
  );
}

function ExtraItemRow({
  row,
  first,
  onChange,
}: {
  row: ItemEntry;
  first: boolean;
  onChange: (patch: Partial<ItemEntry>) => void;
}) {
  const baseId = `extra-item-${row.id}`;
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        py: 1.5,
        borderTop: first ? 0 : 1,
        borderColor: 'divider',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', flex: '1 1 200px', minWidth: 0 }}>
        <FormControlLabel
          sx={{ mr: 0.5, minWidth: 0 }}
          control={
            <Checkbox
              id={`${baseId}-selected`}
              name="isSelected"
              checked={row.isSelected}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? { isSelected: true, value: 1 }
                    : { isSelected: false, value: 0 },
                )
              }
            />
          }
          label={row.name}
        />
        <Tooltip title={row.desciption || 'No description.'} describeChild enterTouchDelay={0}>
          <IconButton aria-label={`About ${row.name}`} size="small">
            <InfoIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Typography sx={{ minWidth: 96 }}>
        {formatUsd(toCents(row.unit_price))}
        <Typography component="span" variant="body2" color="text.secondary">
          {' '}
          each
        </Typography>
      </Typography>
      <QuantityField
        id={`${baseId}-value`}
        value={row.value}
        onChange={(value) => onChange({ value })}
        context="extra-item"
        ariaLabel={`Quantity: ${row.name}`}
        disabled={!row.isSelected}
      />
    </Box>
  );
}
