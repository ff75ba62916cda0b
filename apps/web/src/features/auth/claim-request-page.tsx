import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { newPasswordFormSchema, type ClaimRequestBody } from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthCard } from '../../ui/auth-card';
import { useClaimRequest } from './use-auth-mutations';
import { NewPasswordFields } from '../../ui/new-password-fields';

/**
 * /claim-request/{token}: the confirmation link emailed for a direct request ("Is this your
 * request?"). Nothing happens until the reader says yes (a mail scanner that opens the link
 * claims nothing). Yes attaches the request to the email's account and signs its owner in; an
 * email without an account is asked for a new password first, which creates the account.
 */
export function ClaimRequestPage() {
  useDocumentTitle('Is this your request?');
  const { token = '' } = useParams();
  const [needsPassword, setNeedsPassword] = useState(false);
  const [claimed, setClaimed] = useState<{ message: string; requestId: number } | null>(null);

  const { register, control, handleSubmit } = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirm_password: '' },
  });

  const claim = useClaimRequest(token);
  const send = (body: Omit<ClaimRequestBody, 'claim_token'>) =>
    claim.mutate(body, {
      onSuccess: ({ message, data }) => {
        if (data.claimed && data.auth_token && data.user) {
          setClaimed({ message, requestId: data.request_id });
        } else if (data.needs_password) {
          setNeedsPassword(true);
        }
      },
    });

  const failure = claim.isError ? errorMessage(claim.error) : null;
  const progress = claim.isPending ? (
    <CircularProgress aria-hidden size={20} color="inherit" />
  ) : undefined;

  return (
    <AuthCard title="Is this your request?">
      {claimed ? (
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            {claimed.message} (request #{claimed.requestId})
          </Alert>
          <Link component={RouterLink} to="/dashboard/my-requests">
            Go to My Requests
          </Link>
        </Stack>
      ) : (
        <Stack spacing={2.5}>
          {failure && <Alert severity="error">{failure}</Alert>}
          {needsPassword ? (
            <Box
              component="form"
              noValidate
              aria-busy={claim.isPending}
              onSubmit={handleSubmit((values) => send(values))}
            >
              <Stack spacing={2.5}>
                <Typography color="text.secondary">
                  This email has no MoveHub account yet. Choose a password to create it and keep the
                  request in it.
                </Typography>
                <NewPasswordFields
                  control={control}
                  register={register}
                  idPrefix="claim"
                  autoFocus
                />
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  fullWidth
                  disabled={claim.isPending}
                  startIcon={progress}
                >
                  Create account and confirm
                </Button>
              </Stack>
            </Box>
          ) : (
            <>
              <Typography color="text.secondary">
                A move request was sent to a moving company with your email address as the contact.
                Confirm it to keep it in your MoveHub account. If you did not send it, close this
                page: nothing changes.
              </Typography>
              <Button
                variant="contained"
                size="large"
                fullWidth
                disabled={claim.isPending}
                startIcon={progress}
                onClick={() => send({})}
              >
                Yes, this is my request
              </Button>
            </>
          )}
        </Stack>
      )}
    </AuthCard>
  );
}
