import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { MSG, maskedPhoneToWire } from '@movehub/shared';
import { isApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../lib/api-client';
import { useCodeVerificationSteps } from '../../lib/use-code-verification-steps';
import { sendPhoneCode, verifyPhoneCode } from '../../lib/verification-api';
import { ControlledPhoneField, requiredPhoneFormSchema } from '../../ui/phone-field';
import { SendCodeForm } from '../../ui/send-code-form';
import { VerificationCodeForm } from '../../ui/verification-code-form';

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
    <Dialog
      open={open}
      onClose={props.signingIn ? undefined : props.onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="social-phone-title"
    >
      {open && <SocialPhoneSteps {...props} />}
    </Dialog>
  );
}

function SocialPhoneSteps({
  reason,
  onVerified,
  signingIn,
  onClose,
}: Omit<SocialPhoneDialogProps, 'open'>) {
  // A code is single use: when the repeated login fails after a good code, trying again goes
  // straight to the login.
  const [verifiedPhone, setVerifiedPhone] = useState<string | null>(null);

  const { control, handleSubmit } = useForm({
    resolver: zodResolver(requiredPhoneFormSchema),
    defaultValues: { phone: '' },
  });

  const {
    step,
    target: phone,
    codeError,
    setCodeError,
    send,
    backToEntry,
  } = useCodeVerificationSteps({
    sendCode: async (masked: string) => {
      const wire = maskedPhoneToWire(masked) ?? '';
      await sendPhoneCode(wire);
      return { masked, wire };
    },
  });

  const verify = useMutation({
    mutationFn: async (code: string) => {
      if (!phone) return;
      if (verifiedPhone === phone.wire) return phone.wire;
      await verifyPhoneCode({ phonenumber: phone.wire, code }, { suppressToast: true });
      return phone.wire;
    },
    onSuccess: (wire) => {
      setCodeError(null);
      if (!wire) return;
      setVerifiedPhone(wire);
      onVerified(wire);
    },
    onError: (error) =>
      setCodeError(isApiError(error) ? error.message : UNEXPECTED_RESPONSE_MESSAGE),
  });

  return (
    <>
      <DialogTitle id="social-phone-title">{MSG.addPhone}</DialogTitle>
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
              onSubmit={(code) => verify.mutate(code)}
              submitLabel="Verify and sign in"
              onResend={() => phone && send.mutate(phone.masked)}
              resendPending={send.isPending}
              onBack={backToEntry}
              backLabel="Change number"
            />
          </Box>
        )}
      </DialogContent>
    </>
  );
}
