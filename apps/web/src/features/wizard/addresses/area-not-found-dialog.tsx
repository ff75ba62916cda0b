import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { addWishlistAreaBodySchema, MSG } from '@movehub/shared';
import { useStoredUser } from '../../../lib/storage';
import { useDialogMutation } from '../../../lib/use-dialog-mutation';
import { FormDialog } from '../../../ui/form-dialog';
import { useJoinWaitlist } from '../api/use-wizard-mutations';
import { FormTextField } from '../../../ui/form-text-field';

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
  // Mounted per opening, so each unserved zip starts a fresh form.
  return zipCode === null ? null : (
    <WaitlistDialog key={zipCode} zipCode={zipCode} onClose={onClose} />
  );
}

function WaitlistDialog({ zipCode, onClose }: { zipCode: string; onClose: () => void }) {
  const user = useStoredUser();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(addWishlistAreaBodySchema),
    defaultValues: { email: user?.email ?? '', zip_code: zipCode },
  });
  // spec §8: a refusal is the red toast of any failed call, so the dialog does not repeat it.
  const join = useDialogMutation(useJoinWaitlist(), {
    onDone: onClose,
    successMessage: () => MSG.waitlistAdded,
  });

  const { ref: emailRef, ...emailField } = register('email');
  const { ref: zipRef, ...zipField } = register('zip_code');

  return (
    <FormDialog
      onClose={onClose}
      title="Area not found"
      titleId="area-not-found-title"
      description={MSG.notInArea}
      descriptionId="area-not-found-text"
      pending={join.pending}
      submitLabel="Join the waitlist"
      cancelLabel="Close"
      onSubmit={handleSubmit(join.submit)}
    >
      <Typography color="text.secondary">
        Leave your email and we will let you know when we serve your area.
      </Typography>
      <FormTextField
        {...emailField}
        inputRef={emailRef}
        id="waitlist-email"
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        fullWidth
        fieldError={errors.email}
      />
      <TextField
        {...zipField}
        inputRef={zipRef}
        id="waitlist-zip-code"
        label="Zip code"
        fullWidth
        slotProps={{ htmlInput: { readOnly: true } }}
      />
    </FormDialog>
  );
}
