import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import FacebookIcon from '@mui/icons-material/Facebook';
import GoogleIcon from '@mui/icons-material/Google';
import { MSG, type SessionUser } from '@movehub/shared';
import { isApiError } from '../../lib/api-client';
import { needsPhone, socialConfigQueryOptions, type SocialProvider } from './auth-api';
import { loadFacebookSdk, loadGoogleIdentity, type FacebookSdk } from './social-sdk';
import { useSocialLogin, type SocialAttempt } from './use-auth-mutations';

// Only an account without a phone reaches this dialog, and its masked phone field (imask) is
// the heaviest part of the login screen: it loads when first needed.
const SocialPhoneDialog = lazy(async () => ({
  default: (await import('./social-phone-dialog')).SocialPhoneDialog,
}));

interface SocialSignInProps {
  onSignedIn: (session: { auth_token: string; user: SessionUser }) => void;
}

const loadFailed = (provider: SocialProvider) =>
  `${provider} sign-in could not be loaded. Check your connection and try again.`;

/**
 * spec/portal.md §2 and §4: Google and Facebook sign-in. The provider's token goes to
 * login_by_google / login_by_facebook with an empty phone_number; an account that needs a phone
 * gets the ENTER_PHONE and ENTER_CODE steps, then the login is repeated with the verified phone.
 * Only the providers the server can verify are offered (GET /app_api/social_config): a button
 * that can only answer "not configured" is a dead end, so with neither configured (or no answer)
 * the section, its "or" divider included, is not shown at all.
 */
export function SocialSignIn({ onSignedIn }: SocialSignInProps) {
  const config = useQuery(socialConfigQueryOptions());
  const [notice, setNotice] = useState<string | null>(null);
  const [phoneStep, setPhoneStep] = useState<(SocialAttempt & { reason: string }) | null>(null);
  // Once loaded, the dialog stays mounted so that it can close with its transition.
  const [phoneDialogNeeded, setPhoneDialogNeeded] = useState(false);
  if (phoneStep && !phoneDialogNeeded) setPhoneDialogNeeded(true);

  const login = useSocialLogin();
  const tryLogin = (attempt: SocialAttempt, phone: string) =>
    login.mutate(
      { attempt, phone },
      {
        onSuccess: (response) => {
          setPhoneStep(null);
          onSignedIn(response.data);
        },
        onError: (error) => {
          if (isApiError(error) && needsPhone(error))
            setPhoneStep({ ...attempt, reason: error.message });
        },
      },
    );

  const signIn = (provider: SocialProvider) => (accessToken: string) => {
    if (login.isPending) return;
    setNotice(null);
    tryLogin({ provider, accessToken }, '');
  };

  const googleId = config.data?.google_client_id ?? null;
  const facebookId = config.data?.facebook_app_id ?? null;
  if (!googleId && !facebookId) return null;

  return (
    <Stack spacing={1.5} aria-busy={login.isPending}>
      <Divider sx={{ mt: 3, mb: 1.5 }}>or</Divider>
      {notice && (
        <Alert severity="info" role="status">
          {notice}
        </Alert>
      )}
      {login.isPending && !phoneStep && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <CircularProgress aria-label="Signing in" size={24} />
        </Box>
      )}
      {googleId && (
        <GoogleButton
          clientId={googleId}
          disabled={login.isPending}
          onCredential={signIn('Google')}
          onUnavailable={() => setNotice(loadFailed('Google'))}
        />
      )}
      {facebookId && (
        <FacebookButton
          appId={facebookId}
          disabled={login.isPending}
          onAccessToken={signIn('Facebook')}
          onUnavailable={() => setNotice(loadFailed('Facebook'))}
        />
      )}
      {phoneDialogNeeded && (
        <Suspense fallback={null}>
          <SocialPhoneDialog
            open={phoneStep !== null}
            reason={phoneStep?.reason ?? MSG.phoneRequired}
            signingIn={login.isPending}
            onVerified={(phone) => phoneStep && tryLogin(phoneStep, phone)}
            onClose={() => setPhoneStep(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}

const ICONS: Record<SocialProvider, ReactNode> = {
  Google: <GoogleIcon aria-hidden />,
  Facebook: <FacebookIcon aria-hidden />,
};

function ProviderButton({
  provider,
  waiting = false,
  disabled = false,
  onClick,
}: {
  provider: SocialProvider;
  waiting?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="outlined"
      fullWidth
      disabled={waiting || disabled}
      startIcon={waiting ? <CircularProgress aria-hidden size={18} /> : ICONS[provider]}
      onClick={onClick}
    >
      {`Continue with ${provider}`}
    </Button>
  );
}

/**
 * Google Identity Services gives an ID token (the credential) through its own button, the one
 * reliable way to start its flow; ours stands in while the library loads or when it cannot.
 */
function GoogleButton({
  clientId,
  disabled,
  onCredential,
  onUnavailable,
}: {
  clientId: string;
  disabled: boolean;
  onCredential: (credential: string) => void;
  onUnavailable: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  // The library keeps the first callback it is given; route it to the latest one.
  const credentialHandler = useRef(onCredential);
  useEffect(() => {
    credentialHandler.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity().then(
      (google) => {
        const parent = container.current;
        if (cancelled || !parent) return;
        google.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: (response) => {
            if (response.credential) credentialHandler.current(response.credential);
          },
        });
        const width = parent.parentElement?.clientWidth || 320;
        google.accounts.id.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'rectangular',
          logo_alignment: 'center',
          width: Math.max(200, Math.min(400, width)),
        });
        setState('ready');
      },
      () => {
        if (!cancelled) setState('failed');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [clientId, attempt]);

  return (
    <>
      {state !== 'ready' && (
        <ProviderButton
          provider="Google"
          waiting={state === 'loading'}
          onClick={() => {
            onUnavailable();
            setState('loading');
            setAttempt((n) => n + 1);
          }}
        />
      )}
      <Box
        ref={container}
        hidden={state !== 'ready'}
        // The provider's button cannot be disabled; while a login runs it is inert.
        inert={disabled || undefined}
        sx={{ display: state === 'ready' ? 'flex' : 'none', justifyContent: 'center' }}
      />
    </>
  );
}

/** The Facebook SDK is loaded ahead so that FB.login runs inside the click (popup blockers). */
function FacebookButton({
  appId,
  disabled,
  onAccessToken,
  onUnavailable,
}: {
  appId: string;
  disabled: boolean;
  onAccessToken: (accessToken: string) => void;
  onUnavailable: () => void;
}) {
  const [sdk, setSdk] = useState<FacebookSdk | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    loadFacebookSdk(appId).then(
      (loaded) => {
        if (!cancelled) setSdk(loaded);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [appId, attempt]);

  const onClick = () => {
    if (failed) {
      onUnavailable();
      setFailed(false);
      setAttempt((n) => n + 1);
      return;
    }
    // Closing the popup without signing in is the person's choice, not an error to report.
    sdk?.login(
      (response) => {
        const token = response.authResponse?.accessToken;
        if (token) onAccessToken(token);
      },
      { scope: 'public_profile,email' },
    );
  };

  return (
    <ProviderButton
      provider="Facebook"
      waiting={!sdk && !failed}
      disabled={disabled}
      onClick={onClick}
    />
  );
}
