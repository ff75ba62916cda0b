import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { MSG, RESET_TOKEN_TTL_MINUTES, resetPasswordBodySchema } from '@movehub/shared';
import { isApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthCard } from '../../ui/auth-card';
import { useResetPassword } from './use-auth-mutations';
import { FormTextField } from '../../ui/form-text-field';

// spec/portal.md §5: the reset form's email message is the login one ('Please enter a valid email').
const forgetPasswordFormSchema = resetPasswordBodySchema.pick({ email: true });

/** spec/portal.md §2 /forget-password: the email form, then 'Check your email'. */
export function ForgetPasswordPage() {
  useDocumentTitle('Forgot password');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgetPasswordFormSchema), defaultValues: { email: '' } });

  const reset = useResetPassword();

  // spec/portal.md §8: the server's 'Invalid Email' is shown in the product's words.
  const unknownEmail =
    reset.isError && isApiError(reset.error) && reset.error.message === MSG.invalidEmail;

  const { ref: emailRef, ...emailField } = register('email');

  return (
    <AuthCard>
      {sentTo ? (
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <MarkEmailReadIcon aria-hidden color="primary" sx={{ fontSize: 56 }} />
          <Typography variant="h4" component="h1">
            Check your email
          </Typography>
          <Typography role="status">
            We sent a link to reset your password to <strong>{sentTo}</strong>. The link works once,
            for {RESET_TOKEN_TTL_MINUTES} minutes.
          </Typography>
          <Typography color="text.secondary">
            No email? Check your spam folder, or{' '}
            <Link component="button" type="button" onClick={() => setSentTo(null)}>
              try another address
            </Link>
            .
          </Typography>
          <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
            Returns to Login
          </Button>
        </Stack>
      ) : (
        <>
          <Typography variant="h4" component="h1" gutterBottom>
            Forgot password
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Enter the email of your account and we will send you a link to set a new password.
          </Typography>
          <Box
            component="form"
            noValidate
            aria-busy={reset.isPending}
            onSubmit={handleSubmit(({ email }) =>
              reset.mutate(email, { onSuccess: () => setSentTo(email) }),
            )}
          >
            <Stack spacing={2.5}>
              {unknownEmail && <Alert severity="error">{MSG.invalidEmailShown}</Alert>}
              <FormTextField
                {...emailField}
                inputRef={emailRef}
                id="forget-password-email"
                label="Email"
                type="email"
                autoComplete="email"
                fullWidth
                fieldError={errors.email}
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                fullWidth
                disabled={reset.isPending}
                startIcon={
                  reset.isPending ? (
                    <CircularProgress aria-hidden size={20} color="inherit" />
                  ) : undefined
                }
              >
                Send reset link
              </Button>
            </Stack>
          </Box>
          <Typography sx={{ mt: 3, textAlign: 'center' }}>
            <Link component={RouterLink} to="/login">
              Back to Login
            </Link>
          </Typography>
        </>
      )}
    </AuthCard>
  );
}
