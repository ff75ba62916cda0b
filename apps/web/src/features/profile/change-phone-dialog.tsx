import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { MSG, maskedPhoneToWire, wirePhoneToMasked, type SessionUser } from '@movehub/shared';
import { isApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../lib/api-client';
import { storeUpdatedProfile } from '../../lib/profile-query';
import { showToast } from '../../lib/toast';
import { sendPhoneCode, verifyPhoneCode } from '../../lib/verification-api';
import { PhoneField, requiredPhoneFormSchema } from '../../ui/phone-field';
import { VerificationCodeForm } from '../../ui/verification-code-form';
import { updateCustomer } from './profile-api';
import { StepSpinner } from './step-spinner';

type Step = 'ENTER_PHONE' | 'ENTER_CODE';

interface ChangePhoneDialogProps {
  open: boolean;
  user: SessionUser;
  onClose: () => void;
}

/**
 * spec/portal.md §2 and §4 CHANGE_PHONE: ENTER_PHONE, a 6-digit code by SMS, ENTER_CODE, then
 * the profile update and 'Phone number updated successfully.'. The same phone as now is told
 * ('You entered same phone number.') and the change still proceeds (spec §5).
 */
export function ChangePhoneDialog({ open, user, onClose }: ChangePhoneDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="change-phone-title"
    >
      <DialogTitle id="change-phone-title">
        {user.phone ? 'Change phone number' : MSG.addPhone}
      </DialogTitle>
      {open && <ChangePhoneSteps user={user} onClose={onClose} onBusy={setBusy} />}
    </Dialog>
  );
}

function ChangePhoneSteps({
  user,
  onClose,
  onBusy,
}: {
  user: SessionUser;
  onClose: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('ENTER_PHONE');
  const [phone, setPhone] = useState<{ masked: string; wire: string } | null>(null);
  const [samePhone, setSamePhone] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);

  const { control, handleSubmit } = useForm({
    resolver: zodResolver(requiredPhoneFormSchema),
    defaultValues: { phone: '' },
  });

  const send = useMutation({
    mutationFn: async (masked: string) => {
      const wire = maskedPhoneToWire(masked) ?? '';
      await sendPhoneCode(wire, { suppressToast: true });
      return { masked, wire };
    },
    onMutate: () => onBusy(true),
    onSettled: () => onBusy(false),
    onSuccess: (sent) => {
      setPhone(sent);
      setCodeError(null);
      setStep('ENTER_CODE');
    },
  });

  const confirm = useMutation({
    mutationFn: async (code: string) => {
      if (!phone) return null;
      try {
        await verifyPhoneCode({ phonenumber: phone.wire, code }, { suppressToast: true });
      } catch (error) {
        setCodeError(isApiError(error) ? error.message : UNEXPECTED_RESPONSE_MESSAGE);
        return null;
      }
      setCodeError(null);
      return updateCustomer({ phone: phone.wire }, { suppressToast: true });
    },
    onMutate: () => onBusy(true),
    onSettled: () => onBusy(false),
    onSuccess: (response) => {
      if (!response) return;
      storeUpdatedProfile(queryClient, response.data);
      onClose();
      showToast(MSG.phoneUpdated, 'success');
    },
  });

  const busy = send.isPending || confirm.isPending;
  const samePhoneNotice = samePhone && <Alert severity="info">{MSG.samePhone}</Alert>;

  return (
    <DialogContent>
      {busy && <StepSpinner />}
      {step === 'ENTER_PHONE' ? (
        <Box
          component="form"
          noValidate
          aria-busy={busy}
          onSubmit={handleSubmit(({ phone: masked }) => {
            setSamePhone(
              wirePhoneToMasked(user.phone) !== '' && wirePhoneToMasked(user.phone) === masked,
            );
            send.mutate(masked);
          })}
        >
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {samePhoneNotice}
            <Controller
              name="phone"
              control={control}
              render={({ field, fieldState }) => (
                <PhoneField
                  id="change-phone-phone"
                  label="Phone number"
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  autoFocus
                  fullWidth
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
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
        <Stack spacing={2} sx={{ pt: 1 }}>
          {samePhoneNotice}
          <VerificationCodeForm
            sentTo={phone?.masked ?? ''}
            notice={MSG.phoneCodeSent}
            error={codeError}
            pending={confirm.isPending}
            onSubmit={(code) => confirm.mutate(code)}
            submitLabel="Verify and update"
            onResend={() => phone && send.mutate(phone.masked)}
            resendPending={send.isPending}
            onBack={() => setStep('ENTER_PHONE')}
            backLabel="Change number"
          />
        </Stack>
      )}
    </DialogContent>
  );
}
