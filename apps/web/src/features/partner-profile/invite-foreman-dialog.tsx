import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  FOREMAN_INVITE_TTL_DAYS,
  inviteForemanBodySchema,
  type InviteForemanBody,
  type InviteForemanForm,
} from '@movehub/shared';
import { isApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { inviteForeman, storeCompanyProfile } from './profile-api';

/**
 * Invite a foreman: his email and name. He gets an email with a link to set his password; a
 * refusal (the email belongs to an account already) shows in the dialog.
 */
export function InviteForemanDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<InviteForemanBody, unknown, InviteForemanForm>({
    resolver: zodResolver(inviteForemanBodySchema),
    defaultValues: { email: '', first_name: '', last_name: '' },
  });

  const invite = useMutation({
    mutationFn: (body: InviteForemanForm) => inviteForeman(body, { suppressToast: true }),
    onSuccess: (response) => {
      storeCompanyProfile(queryClient, response);
      showToast(response.message, 'success');
      reset();
      onClose();
    },
  });

  const close = () => {
    if (invite.isPending) return;
    invite.reset();
    reset();
    onClose();
  };

  const failure = invite.isError
    ? isApiError(invite.error)
      ? invite.error.message
      : UNEXPECTED_RESPONSE_MESSAGE
    : null;
  const { ref: emailRef, ...emailField } = register('email');
  const { ref: firstRef, ...firstField } = register('first_name');
  const { ref: lastRef, ...lastField } = register('last_name');

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="invite-foreman-title"
      aria-describedby="invite-foreman-text"
      fullWidth
      maxWidth="xs"
    >
      <form
        noValidate
        aria-busy={invite.isPending}
        onSubmit={handleSubmit((values) => {
          if (!invite.isPending) invite.mutate(values);
        })}
      >
        <DialogTitle id="invite-foreman-title">Invite a foreman</DialogTitle>
        <DialogContent>
          <DialogContentText id="invite-foreman-text" sx={{ mb: 2 }}>
            We email him a link to set his password (valid {FOREMAN_INVITE_TTL_DAYS} days). Then he
            signs in to the partner console and sees the moves you assign him.
          </DialogContentText>
          <Stack spacing={2}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              {...emailField}
              inputRef={emailRef}
              id="invite-foreman-email"
              label="Email"
              type="email"
              autoComplete="off"
              autoFocus
              required
              fullWidth
              error={Boolean(errors.email)}
              helperText={errors.email?.message}
            />
            <TextField
              {...firstField}
              inputRef={firstRef}
              id="invite-foreman-first-name"
              label="First name"
              autoComplete="off"
              required
              fullWidth
              error={Boolean(errors.first_name)}
              helperText={errors.first_name?.message}
            />
            <TextField
              {...lastField}
              inputRef={lastRef}
              id="invite-foreman-last-name"
              label="Last name"
              autoComplete="off"
              required
              fullWidth
              error={Boolean(errors.last_name)}
              helperText={errors.last_name?.message}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={invite.isPending}
            startIcon={
              invite.isPending ? (
                <CircularProgress aria-hidden size={18} color="inherit" />
              ) : undefined
            }
          >
            Send invitation
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
