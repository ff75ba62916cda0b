import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { VERIFICATION_CODE_LENGTH, verificationCodeSchema } from '@movehub/shared';
import { FormTextField } from './form-text-field';

const codeFormSchema = z.object({ code: verificationCodeSchema });

export interface VerificationCodeFormProps {
  /** Where the code went: "your@email.test" or "(310) 555-0142". */
  sentTo: string;
  /** What the send call answered (e.g. 'Email verification code has been sent.'). */
  notice?: ReactNode;
  /** spec/portal.md §8: a verification failure shows the server message above the code form. */
  error?: string | null;
  pending: boolean;
  onSubmit: (code: string) => void;
  submitLabel?: string;
  onResend?: () => void;
  resendPending?: boolean;
  onBack?: () => void;
  backLabel?: string;
}

/** The ENTER_CODE step: one 6-digit code named `code`, with resend and back. */
export function VerificationCodeForm({
  sentTo,
  notice,
  error,
  pending,
  onSubmit,
  submitLabel = 'Verify',
  onResend,
  resendPending = false,
  onBack,
  backLabel = 'Back',
}: VerificationCodeFormProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });
  const { ref, ...codeField } = register('code');
  const busy = pending || resendPending;

  return (
    <Box
      component="form"
      noValidate
      aria-busy={pending}
      onSubmit={handleSubmit((values) => onSubmit(values.code))}
    >
      <Stack spacing={2}>
        {error && <Alert severity="error">{error}</Alert>}
        {notice && (
          <Alert severity="success" role="status">
            {notice}
          </Alert>
        )}
        <Typography>
          Enter the {VERIFICATION_CODE_LENGTH}-digit code we sent to{' '}
          <Box component="strong" sx={{ wordBreak: 'break-all' }}>
            {sentTo}
          </Box>
          .
        </Typography>
        <FormTextField
          {...codeField}
          inputRef={ref}
          id={`${id}-code`}
          label="Verification code"
          autoComplete="one-time-code"
          autoFocus
          fullWidth
          fieldError={errors.code}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              maxLength: VERIFICATION_CODE_LENGTH,
              pattern: '[0-9]*',
            },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={busy}
          startIcon={
            pending ? <CircularProgress aria-hidden size={20} color="inherit" /> : undefined
          }
        >
          {submitLabel}
        </Button>
        {(onResend || onBack) && (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
            {onBack ? (
              <Button onClick={onBack} disabled={busy}>
                {backLabel}
              </Button>
            ) : (
              <span />
            )}
            {onResend && (
              <Button
                onClick={onResend}
                disabled={busy}
                startIcon={
                  resendPending ? (
                    <CircularProgress aria-hidden size={16} color="inherit" />
                  ) : undefined
                }
              >
                Resend code
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
