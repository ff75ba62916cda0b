import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ListAltIcon from '@mui/icons-material/ListAlt';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoomOutlined';
import { AddItemsOption } from './item-model';

/**
 * How items are added (spec §2 step 2 and the edit-items screen): 'By Room' or 'Common List', the
 * way chosen before marked (filled, and pressed for assistive technology).
 */
export function ItemsOptionChoice({
  chosen,
  onChoose,
}: {
  chosen: AddItemsOption | null;
  onChoose: (option: AddItemsOption) => void;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        maxWidth: 760,
      }}
    >
      <ChoiceButton
        id="items-option-by-room"
        label="By Room"
        description="Add rooms one by one and list the items in each."
        icon={<MeetingRoomIcon aria-hidden sx={{ fontSize: 48 }} />}
        chosen={chosen === AddItemsOption.byRoom}
        onClick={() => onChoose(AddItemsOption.byRoom)}
      />
      <ChoiceButton
        id="items-option-common-list"
        label="Common List"
        description="Pick items from one list of everything you are moving."
        icon={<ListAltIcon aria-hidden sx={{ fontSize: 48 }} />}
        chosen={chosen === AddItemsOption.byCommonList}
        onClick={() => onChoose(AddItemsOption.byCommonList)}
      />
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
      aria-pressed={chosen}
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
