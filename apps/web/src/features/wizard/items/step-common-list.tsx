import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ItemType } from '@movehub/shared';
import { itemsQueryOptions } from '../../../lib/items/catalogue-api';
import { CommonListEditor } from '../../../lib/items/common-list-editor';
import { Screen, type WizardItem } from '../draft';
import { PrevNextBar } from '../prev-next-bar';
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

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Common List
      </Typography>
      <CommonListEditor catalogue={catalogue} items={draft.commonList} onChange={setList} />
      <PrevNextBar onPrev={goBack} onNext={() => goTo(Screen.summary)} />
    </Box>
  );
}
