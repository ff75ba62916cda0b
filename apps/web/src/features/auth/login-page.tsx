import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG, type LoginForm, type SessionUser } from '@movehub/shared';
import { isApiError } from '../../lib/api-client';
import { setSession } from '../../lib/storage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthCard } from '../../ui/auth-card';
import { LOGIN_EMAIL_RULES, LOGIN_PASSWORD_RULES, LoginFields } from '../../ui/login-fields';
import { logIn } from './auth-api';
import { SocialSignIn } from './social-sign-in';

/** The saved request's module, loaded apart from the login screen (see LoginPage). */
const loadSavedRequest = () => import('../../lib/saved-request');

/** spec/portal.md §2 Login: email and password, Google and Facebook, Forgot password, Sign Up. */
export function LoginPage() {
  useDocumentTitle('Login');
  const navigate = useNavigate();
  const location = useLocation();

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginForm>({ defaultValues: { email: '', password: '' } });

  // A request saved before login is being sent (spec/portal.md §2 Login).
  const [sendingSaved, setSendingSaved] = useState(false);
  // Its module (the create-request schema and call) is not part of the screen's start: it is
  // fetched once the screen is up, and is there when a sign-in succeeds.
  useEffect(() => {
    loadSavedRequest().catch(() => undefined);
  }, []);

  /**
   * spec/portal.md §2 and §4 Login: on success /dashboard, unless a request was saved before
   * login (page state, or local storage after a reload): it is submitted first, then
   * /dashboard/congratulations. If it fails, the error toast says why and the wizard, still at
   * step 7 of its draft, lets the customer fix it and send it again.
   */
  const signedIn = async (session: { auth_token: string; user: SessionUser }) => {
    setSession(session.auth_token, session.user);
    const { findSavedRequest, submitSavedRequest } = await loadSavedRequest();
    const saved = findSavedRequest(location.state);
    if (!saved) {
      await navigate('/dashboard', { replace: true });
      return;
    }
    setSendingSaved(true);
    try {
      await submitSavedRequest(saved);
      await navigate('/dashboard/congratulations', { replace: true });
    } catch {
      await navigate('/create-request', { replace: true });
    }
  };

  const login = useMutation({
    mutationFn: logIn,
    onSuccess: (response) => signedIn(response.data),
  });

  // spec/portal.md §8: the server's 'Invalid Email or Password' is shown in the product's words.
  // Other failures already reached the user through the toast.
  const invalidCredentials =
    login.isError && isApiError(login.error) && login.error.message === MSG.invalidCredentials;

  const busy = login.isPending || sendingSaved;
  const onSubmit = handleSubmit((values) => {
    if (!busy) login.mutate(values);
  });

  return (
    <AuthCard title="Login">
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Log in to follow your moving requests.
      </Typography>

      <Box component="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <Stack spacing={2.5}>
          {invalidCredentials && <Alert severity="error">{MSG.invalidCredentialsShown}</Alert>}
          {/* The shared login rules, without the schema library: a first screen (decision 034). */}
          <LoginFields
            idPrefix="login"
            email={register('email', LOGIN_EMAIL_RULES)}
            password={register('password', LOGIN_PASSWORD_RULES)}
            errors={errors}
          />
          <Box sx={{ textAlign: 'right' }}>
            <Link component={RouterLink} to="/forget-password">
              Forgot password?
            </Link>
          </Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={busy}
            startIcon={
              busy ? <CircularProgress aria-hidden size={20} color="inherit" /> : undefined
            }
          >
            Login
          </Button>
        </Stack>
      </Box>

      <SocialSignIn onSignedIn={(session) => void signedIn(session)} />

      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        Don&apos;t have an account?{' '}
        {/* A saved request (page state) goes along to the sign-up page. */}
        <Link component={RouterLink} to="/register" state={location.state}>
          Sign Up
        </Link>
      </Typography>
    </AuthCard>
  );
}
