import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RESET_REDIRECT_MS, newPasswordFormSchema } from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthCard } from '../../ui/auth-card';
import { useChangePassword } from './use-auth-mutations';
import { NewPasswordFields } from '../../ui/new-password-fields';

/**
 * spec/portal.md §2 /set-forget-password/{token}: a new password with the sign-up rules; on
 * success the server's message, then /login after 2 seconds. A dead link shows the server message.
 */
export function SetPasswordPage() {
  useDocumentTitle('Set a new password');
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [done, setDone] = useState<string | null>(null);

  const { register, control, handleSubmit } = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirm_password: '' },
  });

  const change = useChangePassword(token);

  useEffect(() => {
    if (done === null) return;
    const timer = window.setTimeout(
      () => void navigate('/login', { replace: true }),
      RESET_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const failure = change.isError ? errorMessage(change.error) : null;

  return (
    <AuthCard title="Set a new password">
      {done !== null ? (
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            {done}
          </Alert>
          <Typography color="text.secondary">Taking you to the login page…</Typography>
          <Link component={RouterLink} to="/login">
            Go to Login now
          </Link>
        </Stack>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Choose a new password for your account.
          </Typography>
          <Box
            component="form"
            noValidate
            aria-busy={change.isPending}
            onSubmit={handleSubmit((values) =>
              change.mutate(values, { onSuccess: (response) => setDone(response.message) }),
            )}
          >
            <Stack spacing={2.5}>
              {failure && (
                <Alert severity="error">
                  {failure}{' '}
                  <Link component={RouterLink} to="/forget-password">
                    Request a new link
                  </Link>
                </Alert>
              )}
              <NewPasswordFields control={control} register={register} idPrefix="set-password" />
              <Button
                type="submit"
                variant="contained"
                size="large"
                fullWidth
                disabled={change.isPending}
                startIcon={
                  change.isPending ? (
                    <CircularProgress aria-hidden size={20} color="inherit" />
                  ) : undefined
                }
              >
                Save password
              </Button>
            </Stack>
          </Box>
        </>
      )}
    </AuthCard>
  );
}
