import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { RoomsEditor } from '../../../lib/items/rooms-editor';
import { Screen, type WizardRoom } from '../draft';
import { PrevNextBar } from '../prev-next-bar';
import { useWizard } from '../wizard-context';

/**
 * Step 3, rooms (spec §2): a room type is chosen and added (a repeat gets ' #n'); each room can be
 * renamed, deleted after a confirmation, and holds its items, searched in its type's catalogue.
 */
export function StepRooms() {
  const { draft, update, goTo, goBack } = useWizard();

  const setRooms = (recipe: (rooms: WizardRoom[]) => WizardRoom[]) =>
    update((current) => ({ ...current, rooms: recipe(current.rooms) }));

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Add items by room
      </Typography>
      <RoomsEditor rooms={draft.rooms} onChange={setRooms} />
      <PrevNextBar onPrev={goBack} onNext={() => goTo(Screen.summary)} />
    </Box>
  );
}
