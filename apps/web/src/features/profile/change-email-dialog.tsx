import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import { MSG, changeEmailFormSchema, type SessionUser } from '@movehub/shared';
import { useCodeVerificationSteps } from '../../lib/use-code-verification-steps';
import { sendEmailCode, verifyEmailCode } from '../../lib/verification-api';
import { SendCodeForm } from '../../ui/send-code-form';
import { VerificationCodeForm } from '../../ui/verification-code-form';
import { VerificationStepsDialog } from '../../ui/verification-steps-dialog';
import { StepSpinner } from './step-spinner';
import { useVerifyAndUpdate } from './use-verify-and-update';
import { FormTextField } from '../../ui/form-text-field';

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
  return (
    <VerificationStepsDialog
      open={open}
      onClose={onClose}
      title="Change email"
      titleId="change-email-title"
    >
      {(onBusy) => <ChangeEmailSteps user={user} onClose={onClose} onBusy={onBusy} />}
    </VerificationStepsDialog>
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
  const name = `${user.first_name} ${user.last_name}`.trim();

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(changeEmailFormSchema), defaultValues: { email: '' } });

  const { step, target, codeError, setCodeError, send, backToEntry } = useCodeVerificationSteps({
    sendCode: async (address: string) => {
      await sendEmailCode({ email: address, name }, { suppressToast: true });
      return address;
    },
    onBusy,
  });
  const email = target ?? '';

  const confirm = useVerifyAndUpdate({
    verify: (code) => verifyEmailCode({ email, code }, { suppressToast: true }),
    update: { email },
    successMessage: MSG.emailUpdated,
    setCodeError,
    onBusy,
    onClose,
  });

  const busy = send.isPending || confirm.isPending;
  const { ref, ...emailField } = register('email');

  return (
    <DialogContent>
      {busy && <StepSpinner />}
      {step === 'ENTER_VALUE' ? (
        <SendCodeForm
          busy={busy}
          onCancel={onClose}
          onSubmit={handleSubmit(({ email: address }) => {
            if (address === user.email.trim().toLowerCase()) {
              setError('email', { message: MSG.sameEmail });
              return;
            }
            send.mutate(address);
          })}
        >
          <FormTextField
            {...emailField}
            inputRef={ref}
            id="change-email-email"
            label="New email"
            type="email"
            autoComplete="email"
            autoFocus
            fullWidth
            fieldError={errors.email}
          />
        </SendCodeForm>
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
            onBack={backToEntry}
            backLabel="Change email"
          />
        </Box>
      )}
    </DialogContent>
  );
}
