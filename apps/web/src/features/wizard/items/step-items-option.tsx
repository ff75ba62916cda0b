import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ListAltIcon from '@mui/icons-material/ListAlt';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoomOutlined';
import { AddItemsOption, Screen } from '../draft';
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
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          maxWidth: 760,
        }}
      >
        <ChoiceButton
          id="wizard-option-by-room"
          label="By Room"
          description="Add rooms one by one and list the items in each."
          icon={<MeetingRoomIcon aria-hidden sx={{ fontSize: 48 }} />}
          chosen={draft.addItemsOptionType === AddItemsOption.byRoom}
          onClick={() => choose(AddItemsOption.byRoom)}
        />
        <ChoiceButton
          id="wizard-option-common-list"
          label="Common List"
          description="Pick items from one list of everything you are moving."
          icon={<ListAltIcon aria-hidden sx={{ fontSize: 48 }} />}
          chosen={draft.addItemsOptionType === AddItemsOption.byCommonList}
          onClick={() => choose(AddItemsOption.byCommonList)}
        />
      </Box>
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

function ChoiceButton({
  id,
  label,
  description,
  icon,
  chosen,
  onClick,
}: {
  id: string;
  label: string;
  description: string;
  icon: ReactNode;
  chosen: boolean;
  onClick: () => void;
}) {
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  return (
    <Button
      id={id}
      variant={chosen ? 'contained' : 'outlined'}
      onClick={onClick}
      aria-labelledby={labelId}
      aria-describedby={descriptionId}
      sx={{ flexDirection: 'column', gap: 1, py: 4, px: 3, textAlign: 'center' }}
    >
      {icon}
      <Typography id={labelId} component="span" variant="h6">
        {label}
      </Typography>
      <Typography id={descriptionId} component="span" variant="body2">
        {description}
      </Typography>
    </Button>
  );
}
