import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { addWishlistAreaBodySchema, MSG } from '@movehub/shared';
import { useStoredUser } from '../../../lib/storage';
import { showToast } from '../../../lib/toast';
import { addWishlistArea } from '../api/wizard-api';

interface AreaNotFoundDialogProps {
  /** The unserved zip code; the dialog is open while it is set. */
  zipCode: string | null;
  onClose: () => void;
}

/**
 * spec/request-lifecycle.md §4 and §8 "Failed area check": the area-not-found popup with 'We are
 * not in your area yet. But will be there very soon...' and the offer to share the zip code and
 * an email for the wait-list (add_wishlist_area, success 'Zipcode added into our waitlist.').
 */
export function AreaNotFoundDialog({ zipCode, onClose }: AreaNotFoundDialogProps) {
  return (
    <Dialog
      open={zipCode !== null}
      onClose={onClose}
      aria-labelledby="area-not-found-title"
      aria-describedby="area-not-found-text"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="area-not-found-title">Area not found</DialogTitle>
      {/* Mounted per opening, so each unserved zip starts a fresh form. */}
      {zipCode !== null && <WaitlistForm key={zipCode} zipCode={zipCode} onClose={onClose} />}
    </Dialog>
  );
}

function WaitlistForm({ zipCode, onClose }: { zipCode: string; onClose: () => void }) {
  const user = useStoredUser();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(addWishlistAreaBodySchema),
    defaultValues: { email: user?.email ?? '', zip_code: zipCode },
  });

  const join = useMutation({
    mutationFn: addWishlistArea,
    onSuccess: () => {
      showToast(MSG.waitlistAdded, 'success');
      onClose();
    },
  });

  const { ref: emailRef, ...emailField } = register('email');
  const { ref: zipRef, ...zipField } = register('zip_code');

  return (
    <form noValidate onSubmit={handleSubmit((body) => join.mutate(body))}>
      <DialogContent sx={{ pt: 0 }}>
        <DialogContentText id="area-not-found-text" sx={{ mb: 1 }}>
          {MSG.notInArea}
        </DialogContentText>
        <DialogContentText sx={{ mb: 2 }}>
          Leave your email and we will let you know when we serve your area.
        </DialogContentText>
        <TextField
          {...emailField}
          inputRef={emailRef}
          id="waitlist-email"
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          fullWidth
          margin="dense"
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
        />
        <TextField
          {...zipField}
          inputRef={zipRef}
          id="waitlist-zip-code"
          label="Zip code"
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={join.isPending}>
          Close
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={join.isPending}
          startIcon={
            join.isPending ? <CircularProgress aria-hidden size={18} color="inherit" /> : undefined
          }
        >
          Join the waitlist
        </Button>
      </DialogActions>
    </form>
  );
}
