import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ItemsOptionChoice } from '../../../lib/items/items-option-choice';
import { Screen, type AddItemsOption } from '../draft';
import { screenForOption } from '../flow';
import { PrevNextBar } from '../prev-next-bar';
import { useWizard } from '../wizard-context';

/**
 * Step 2 (spec §2): 'By Room' leads to step 3, 'Common List' to step 4. Next goes to the
 * summary (spec §4 "Step 2 Next goes to 7"), keeping a way chosen earlier; in direct-link mode
 * it is the Skip control, which sends the request without items (the company lists them).
 */
export function StepItemsOption() {
  const { draft, update, goTo, goBack, direct } = useWizard();

  const choose = (option: AddItemsOption) => {
    update((current) => ({ ...current, addItemsOptionType: option }));
    goTo(screenForOption(option));
  };

  const skip = () => {
    update((current) => ({ ...current, addItemsOptionType: null }));
    goTo(Screen.summary);
  };

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        How would you like to add items?
      </Typography>
      <ItemsOptionChoice chosen={draft.addItemsOptionType} onChoose={choose} />
      {direct === null ? (
        <PrevNextBar onPrev={goBack} onNext={() => goTo(Screen.summary)} />
      ) : (
        <PrevNextBar onPrev={goBack}>
          <Button variant="outlined" onClick={skip}>
            Skip
          </Button>
        </PrevNextBar>
      )}
    </Box>
  );
}
