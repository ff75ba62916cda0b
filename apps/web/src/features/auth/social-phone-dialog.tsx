import { useState } from 'react';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { MSG } from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { usePhoneCodeSteps } from '../../lib/use-code-verification-steps';
import { ControlledPhoneField } from '../../ui/phone-field';
import { SendCodeForm } from '../../ui/send-code-form';
import { VerificationCodeForm } from '../../ui/verification-code-form';
import { VerificationStepsDialog } from '../../ui/verification-steps-dialog';
import { useVerifySocialPhone } from './use-auth-mutations';

interface SocialPhoneDialogProps {
  open: boolean;
  /** What the login answered (e.g. 'Please add your phone number to finish signing in.'). */
  reason: string;
  /** Repeats the social login with the verified phone ('+1##########'). */
  onVerified: (phone: string) => void;
  /** The repeated login is running. */
  signingIn: boolean;
  onClose: () => void;
}

/**
 * spec/portal.md §4 Social login: when the provider account needs a phone, ENTER_PHONE, then
 * ENTER_CODE; the caller then repeats the login with the verified phone.
 */
export function SocialPhoneDialog({ open, ...props }: SocialPhoneDialogProps) {
  return (
    <VerificationStepsDialog
      open={open}
      onClose={props.onClose}
      title={MSG.addPhone}
      titleId="social-phone-title"
      busy={props.signingIn}
    >
      {(onBusy) => <SocialPhoneSteps {...props} onBusy={onBusy} />}
    </VerificationStepsDialog>
  );
}

function SocialPhoneSteps({
  reason,
  onVerified,
  signingIn,
  onClose,
  onBusy,
}: Omit<SocialPhoneDialogProps, 'open'> & { onBusy: (busy: boolean) => void }) {
  // A code is single use: when the repeated login fails after a good code, trying again goes
  // straight to the login.
  const [verifiedPhone, setVerifiedPhone] = useState<string | null>(null);

  const {
    form: { control, handleSubmit },
    step,
    target: phone,
    codeError,
    setCodeError,
    send,
    backToEntry,
  } = usePhoneCodeSteps({ onBusy });

  const verify = useVerifySocialPhone();
  const submitCode = (code: string) => {
    if (!phone) return;
    const signIn = () => {
      setCodeError(null);
      setVerifiedPhone(phone.wire);
      onVerified(phone.wire);
    };
    if (verifiedPhone === phone.wire) signIn();
    else
      verify.mutate(
        { phone: phone.wire, code },
        { onSuccess: signIn, onError: (error) => setCodeError(errorMessage(error)) },
      );
  };

  return (
    <DialogContent>
      {step === 'ENTER_VALUE' ? (
        <SendCodeForm
          busy={send.isPending}
          showProgress
          onCancel={onClose}
          onSubmit={handleSubmit((values) => send.mutate(values.phone))}
        >
          <Typography>{reason}</Typography>
          <ControlledPhoneField
            control={control}
            name="phone"
            id="social-phone"
            label="Phone number"
            autoFocus
            fullWidth
          />
        </SendCodeForm>
      ) : (
        <Box sx={{ pt: 1 }}>
          <VerificationCodeForm
            sentTo={phone?.masked ?? ''}
            notice={MSG.phoneCodeSent}
            error={codeError}
            pending={verify.isPending || signingIn}
            onSubmit={submitCode}
            submitLabel="Verify and sign in"
            onResend={() => phone && send.mutate(phone.masked)}
            resendPending={send.isPending}
            onBack={backToEntry}
            backLabel="Change number"
          />
        </Box>
      )}
    </DialogContent>
  );
}
