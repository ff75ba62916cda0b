import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ItemType } from '@movehub/shared';
import { Screen, type WizardItem } from '../draft';
import { ItemList } from './item-list';
import { ItemPicker } from './item-picker';
import { PrevNextBar } from '../prev-next-bar';
import { itemsQueryOptions } from '../api/wizard-api';
import { useWizard } from '../wizard-context';

/**
 * Step 4, the common list (spec §2): items searched in the whole regular catalogue (get_item,
 * type '1', with the company's link in direct-link mode), then detailed or deleted.
 */
export function StepCommonList() {
  const { draft, update, goTo, goBack, direct } = useWizard();
  const catalogue = useQuery({
    ...itemsQueryOptions(ItemType.regular, direct?.link),
    select: (response) => response.data,
  });

  const setList = (recipe: (list: WizardItem[]) => WizardItem[]) =>
    update((current) => ({ ...current, commonList: recipe(current.commonList) }));

  const total = draft.commonList.reduce((sum, item) => sum + item.value, 0);

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Common List
      </Typography>
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
          aria-labelledby="common-list-search-heading"
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography variant="h6" component="h2" id="common-list-search-heading" sx={{ mb: 2 }}>
            Find items
          </Typography>
          <ItemPicker
            catalogue={catalogue}
            selected={draft.commonList}
            onAdd={(added) => setList((list) => [...list, ...added])}
          />
        </Paper>
        <Paper
          component="section"
          variant="outlined"
          aria-labelledby="common-list-selected-heading"
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography variant="h6" component="h2" id="common-list-selected-heading">
            Your items
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Total items: {total}
          </Typography>
          <ItemList
            label="Your items"
            items={draft.commonList}
            onChange={(list) => setList(() => list)}
          />
        </Paper>
      </Box>
      <PrevNextBar onPrev={goBack} onNext={() => goTo(Screen.summary)} />
    </Box>
  );
}
