import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MSG, changeEmailFormSchema, type SessionUser } from '@movehub/shared';
import { isApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../lib/api-client';
import { storeUpdatedProfile } from '../../lib/profile-query';
import { showToast } from '../../lib/toast';
import { sendEmailCode, verifyEmailCode } from '../../lib/verification-api';
import { VerificationCodeForm } from '../../ui/verification-code-form';
import { updateCustomer } from './profile-api';
import { StepSpinner } from './step-spinner';

type Step = 'ENTER_EMAIL' | 'ENTER_CODE';

interface ChangeEmailDialogProps {
  open: boolean;
  user: SessionUser;
  onClose: () => void;
}

/**
 * spec/portal.md §2 and §4 CHANGE_EMAIL: ENTER_EMAIL, a 6-digit code is sent, ENTER_CODE; after
 * a correct code the profile is updated, the sub-screen closes and 'Email updated successfully.'
 * appears. spec §8: failures of these steps end the loading with no message; a wrong code is a
 * verification failure and shows the server message above the code form.
 */
export function ChangeEmailDialog({ open, user, onClose }: ChangeEmailDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="change-email-title"
    >
      <DialogTitle id="change-email-title">Change email</DialogTitle>
      {open && <ChangeEmailSteps user={user} onClose={onClose} onBusy={setBusy} />}
    </Dialog>
  );
}

function ChangeEmailSteps({
  user,
  onClose,
  onBusy,
}: {
  user: SessionUser;
  onClose: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('ENTER_EMAIL');
  const [email, setEmail] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const name = `${user.first_name} ${user.last_name}`.trim();

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(changeEmailFormSchema), defaultValues: { email: '' } });

  const send = useMutation({
    mutationFn: (address: string) =>
      sendEmailCode({ email: address, name }, { suppressToast: true }),
    onMutate: () => onBusy(true),
    onSettled: () => onBusy(false),
    onSuccess: (_response, address) => {
      setEmail(address);
      setCodeError(null);
      setStep('ENTER_CODE');
    },
  });

  const confirm = useMutation({
    mutationFn: async (code: string) => {
      try {
        await verifyEmailCode({ email, code }, { suppressToast: true });
      } catch (error) {
        setCodeError(isApiError(error) ? error.message : UNEXPECTED_RESPONSE_MESSAGE);
        return null;
      }
      setCodeError(null);
      return updateCustomer({ email }, { suppressToast: true });
    },
    onMutate: () => onBusy(true),
    onSettled: () => onBusy(false),
    onSuccess: (response) => {
      if (!response) return;
      storeUpdatedProfile(queryClient, response.data);
      onClose();
      showToast(MSG.emailUpdated, 'success');
    },
  });

  const busy = send.isPending || confirm.isPending;
  const { ref, ...emailField } = register('email');

  return (
    <DialogContent>
      {busy && <StepSpinner />}
      {step === 'ENTER_EMAIL' ? (
        <Box
          component="form"
          noValidate
          aria-busy={busy}
          onSubmit={handleSubmit(({ email: address }) => {
            if (address === user.email.trim().toLowerCase()) {
              setError('email', { message: MSG.sameEmail });
              return;
            }
            send.mutate(address);
          })}
        >
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              {...emailField}
              inputRef={ref}
              id="change-email-email"
              label="New email"
              type="email"
              autoComplete="email"
              autoFocus
              fullWidth
              error={Boolean(errors.email)}
              helperText={errors.email?.message}
            />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={busy}>
                Send code
              </Button>
            </Stack>
          </Stack>
        </Box>
      ) : (
        <Box sx={{ pt: 1 }}>
          <VerificationCodeForm
            sentTo={email}
            notice={MSG.emailCodeSent}
            error={codeError}
            pending={confirm.isPending}
            onSubmit={(code) => confirm.mutate(code)}
            submitLabel="Verify and update"
            onResend={() => send.mutate(email)}
            resendPending={send.isPending}
            onBack={() => setStep('ENTER_EMAIL')}
            backLabel="Change email"
          />
        </Box>
      )}
    </DialogContent>
  );
}
