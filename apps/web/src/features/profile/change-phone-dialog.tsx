import { useState } from 'react';
import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import { MSG, wirePhoneToMasked, type SessionUser } from '@movehub/shared';
import { usePhoneCodeSteps } from '../../lib/use-code-verification-steps';
import { verifyPhoneCode } from '../../lib/verification-api';
import { ControlledPhoneField } from '../../ui/phone-field';
import { SendCodeForm } from '../../ui/send-code-form';
import { VerificationCodeForm } from '../../ui/verification-code-form';
import { VerificationStepsDialog } from '../../ui/verification-steps-dialog';
import { StepSpinner } from './step-spinner';
import { useVerifyAndUpdate } from './use-verify-and-update';

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
  return (
    <VerificationStepsDialog
      open={open}
      onClose={onClose}
      title={user.phone ? 'Change phone number' : MSG.addPhone}
      titleId="change-phone-title"
    >
      {(onBusy) => <ChangePhoneSteps user={user} onClose={onClose} onBusy={onBusy} />}
    </VerificationStepsDialog>
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
  const [samePhone, setSamePhone] = useState(false);

  const {
    form: { control, handleSubmit },
    step,
    target: phone,
    codeError,
    setCodeError,
    send,
    backToEntry,
  } = usePhoneCodeSteps({ suppressToast: true, onBusy });

  const confirm = useVerifyAndUpdate({
    verify: (code) =>
      verifyPhoneCode({ phonenumber: phone?.wire ?? '', code }, { suppressToast: true }),
    update: phone && { phone: phone.wire },
    successMessage: MSG.phoneUpdated,
    setCodeError,
    onBusy,
    onClose,
  });

  const busy = send.isPending || confirm.isPending;
  const samePhoneNotice = samePhone && <Alert severity="info">{MSG.samePhone}</Alert>;

  return (
    <DialogContent>
      {busy && <StepSpinner />}
      {step === 'ENTER_VALUE' ? (
        <SendCodeForm
          busy={busy}
          onCancel={onClose}
          onSubmit={handleSubmit(({ phone: masked }) => {
            setSamePhone(
              wirePhoneToMasked(user.phone) !== '' && wirePhoneToMasked(user.phone) === masked,
            );
            send.mutate(masked);
          })}
        >
          {samePhoneNotice}
          <ControlledPhoneField
            control={control}
            name="phone"
            id="change-phone-phone"
            label="Phone number"
            autoFocus
            fullWidth
          />
        </SendCodeForm>
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
            onBack={backToEntry}
            backLabel="Change number"
          />
        </Stack>
      )}
    </DialogContent>
  );
}
