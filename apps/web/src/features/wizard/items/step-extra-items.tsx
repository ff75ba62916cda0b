import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import { formatUsd, ItemType, toCents, type CatalogueItem } from '@movehub/shared';
import { PageLoader } from '../../../ui/page-loader';
import { Screen, type WizardItem } from '../draft';
import { mergeExtraItems } from './item-factory';
import { PrevNextBar } from '../prev-next-bar';
import { QuantityField } from './quantity-field';
import { itemsQueryOptions } from '../api/wizard-api';
import { useWizard } from '../wizard-context';
import { LoadError } from '../../../ui/load-error';

/**
 * Step 5, extra items (spec §2): packing and moving material, each with a checkbox, a quantity,
 * its price and a tooltip description. Reached from the summary and back to it: spec §2, "The next
 * button does not lead here from the previous steps".
 * spec §4 "Item editing": unticked has quantity 0; ticking sets 1, unticking sets 0.
 */
export function StepExtraItems() {
  const { draft, update, goTo, goBack, direct } = useWizard();
  const catalogue = useQuery({
    ...itemsQueryOptions(ItemType.extra, direct?.link),
    select: (response) => response.data.items,
  });
  const items = catalogue.data;
  const rows = items ? mergeExtraItems(items, draft.extraItemsList) : [];

  const setRow = (list: CatalogueItem[], id: number, patch: Partial<WizardItem>) =>
    update((current) => ({
      ...current,
      extraItemsList: mergeExtraItems(list, current.extraItemsList).map((row) =>
        row.id === id ? { ...row, ...patch } : row,
      ),
    }));

  const totalCents = rows
    .filter((row) => row.isSelected)
    .reduce((sum, row) => sum + toCents(row.unit_price) * row.value, 0);

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Packing and moving material
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Tick what the movers should bring and how many.
      </Typography>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {catalogue.isPending ? (
          <PageLoader label="Loading packing materials" />
        ) : catalogue.isError || !items ? (
          <LoadError
            message="We could not load the packing materials."
            onRetry={catalogue.refetch}
          />
        ) : rows.length === 0 ? (
          <Typography color="text.secondary">No packing materials are offered.</Typography>
        ) : (
          <>
            <Box
              component="ul"
              aria-label="Packing materials"
              sx={{ listStyle: 'none', p: 0, m: 0 }}
            >
              {rows.map((row, index) => (
                <ExtraItemRow
                  key={row.id}
                  row={row}
                  first={index === 0}
                  onChange={(patch) => setRow(items, row.id as number, patch)}
                />
              ))}
            </Box>
            <Typography sx={{ mt: 2, fontWeight: 600 }} role="status">
              Packing materials total: {formatUsd(totalCents)}
            </Typography>
          </>
        )}
      </Paper>

      <PrevNextBar onPrev={goBack} onNext={() => goTo(Screen.summary)} />
    </Box>
  );
}

function ExtraItemRow({
  row,
  first,
  onChange,
}: {
  row: WizardItem;
  first: boolean;
  onChange: (patch: Partial<WizardItem>) => void;
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
