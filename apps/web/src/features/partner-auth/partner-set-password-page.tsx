import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COMPANY_PROFILE_TEXT, newPasswordFormSchema, type NewPasswordForm } from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthCard } from '../../ui/auth-card';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { useSetForemanPassword } from './use-set-foreman-password';

/**
 * /partner/set-password?token=…: the foreman his company invited chooses a password
 * with the sign-up's rules and strength meter, and is signed in to the partner console at once
 * (the partner session slot, decision 022).
 */
export function PartnerSetPasswordPage() {
  useDocumentTitle('Set your password');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';

  const { register, control, handleSubmit } = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirm_password: '' },
  });

  const save = useSetForemanPassword(token);

  const failure = save.isError ? errorMessage(save.error) : null;
  const busy = save.isPending || save.isSuccess;

  return (
    <AuthCard title="Set your password">
      {token === '' ? (
        <Stack spacing={2}>
          <Alert severity="error">{COMPANY_PROFILE_TEXT.inviteLinkInvalid}</Alert>
          <Link component={RouterLink} to="/partner/login">
            Go to Partner login
          </Link>
        </Stack>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Your company invited you to MoveHub as a foreman. Choose a password to sign in.
          </Typography>
          <Box
            component="form"
            noValidate
            aria-busy={save.isPending}
            onSubmit={handleSubmit((values) => {
              if (busy) return;
              save.mutate(values, {
                onSuccess: async (response) => {
                  showToast(response.message, 'success');
                  await navigate('/partner', { replace: true });
                },
              });
            })}
          >
            <Stack spacing={2.5}>
              {failure && (
                <Alert severity="error">
                  {failure}{' '}
                  <Link component={RouterLink} to="/partner/login">
                    Go to Partner login
                  </Link>
                </Alert>
              )}
              <NewPasswordFields
                control={control}
                register={register}
                idPrefix="partner-set-password"
                autoFocus
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                fullWidth
                disabled={busy}
                startIcon={
                  save.isPending ? (
                    <CircularProgress aria-hidden size={20} color="inherit" />
                  ) : undefined
                }
              >
                Set password and sign in
              </Button>
            </Stack>
          </Box>
        </>
      )}
    </AuthCard>
  );
}
