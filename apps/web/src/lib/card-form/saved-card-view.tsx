import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import VerifiedIcon from '@mui/icons-material/Verified';
import type { SavedCard } from '@movehub/shared';
import { visuallyHidden } from '../../ui/visually-hidden';
import { brandLabel, CardBrandIcon, formatExpiry, maskedNumber } from './card-brand';
import { DeleteCardDialog } from './delete-card-dialog';

interface SavedCardViewProps {
  card: SavedCard;
  /** Called once delete_card succeeded (the card list is already empty by then). */
  onDeleted?: () => void;
}

/**
 * The saved card (spec/portal.md §2 My Cards): brand icon, 'Verified', only the last digits, the
 * expiry and holder, and a Delete control that asks first.
 */
export function SavedCardView({ card, onDeleted }: SavedCardViewProps) {
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id={headingId} component="h2" sx={visuallyHidden}>
        Saved card
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <CardBrandIcon brand={card.brand} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="p" sx={{ lineHeight: 1.3 }}>
            <Box component="span" sx={visuallyHidden}>
              {`${brandLabel(card.brand)} card ending in ${card.last4}`}
            </Box>
            <span aria-hidden="true">{maskedNumber(card.last4)}</span>
          </Typography>
          <Typography color="text.secondary">Expires {formatExpiry(card)}</Typography>
          {card.name && <Typography color="text.secondary">{card.name}</Typography>}
        </Box>
        <Chip icon={<VerifiedIcon />} label="Verified" color="success" variant="outlined" />
      </Stack>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button
          color="error"
          startIcon={<DeleteOutlineIcon aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          Delete
        </Button>
      </Box>
      <DeleteCardDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onDeleted={onDeleted}
      />
    </Paper>
  );
}
