import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ItemType, type CatalogueItem } from '@movehub/shared';
import { itemsQueryOptions } from '../../../lib/items/catalogue-api';
import { ExtraItemsList } from '../../../lib/items/extra-items-list';
import { mergeExtraItems } from '../../../lib/items/item-factory';
import { LoadError } from '../../../ui/load-error';
import { PageLoader } from '../../../ui/page-loader';
import { Screen, type WizardItem } from '../draft';
import { PrevNextBar } from '../prev-next-bar';
import { useWizard } from '../wizard-context';

/**
 * Step 5, extra items (spec §2): packing and moving material, each with a checkbox, a quantity,
 * its price and a tooltip description. Reached from the summary and back to it: spec §2, "The next
 * button does not lead here from the previous steps".
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
          <ExtraItemsList rows={rows} onRowChange={(id, patch) => setRow(items, id, patch)} />
        )}
      </Paper>

      <PrevNextBar onPrev={goBack} onNext={() => goTo(Screen.summary)} />
    </Box>
  );
}
