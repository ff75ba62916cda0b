import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { HOW_FOUND_US, MSG, type HowFoundUs, registerFormSchema } from '@movehub/shared';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PasswordStrengthMeter } from '../../ui/password-strength-meter';
import { ControlledPhoneField } from '../../ui/phone-field';
import { VerificationCodeForm } from '../../ui/verification-code-form';
import { useSignUp } from './use-sign-up';

/**
 * What a screen may hand to /register (and /login) in the location state: the request a visitor
 * filled in before signing up (spec/portal.md §2), and whether it is a direct request, for which
 * the how_found_us question is not asked (§3).
 */
export interface RegisterLocationState {
  savedRequest?: unknown;
  directRequest?: boolean;
}

/** how_found_us keeps its wire values; the select shows them capitalised. */
const howFoundUsLabel = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/**
 * spec/portal.md §2 and §4 Sign-up: the form, then the email code, then (when a phone was given)
 * the phone code, then register_customer, the stored session and /create-request.
 */
export function RegisterPage() {
  useDocumentTitle('Sign Up');
  const navigate = useNavigate();
  const location = useLocation();
  const { reff } = useParams();
  const pageState = (location.state ?? {}) as RegisterLocationState;
  const hasSavedRequest = pageState.savedRequest != null;
  const directRequest = pageState.directRequest === true;
  const { step, backToForm, signUp, formError, clearFormError, codeError, start, verify, resend } =
    useSignUp({
      referenceCode: reff,
      // spec/portal.md §2: after sign-up, /create-request; a saved request goes along to be sent.
      onRegistered: () =>
        navigate('/create-request', {
          replace: true,
          state: hasSavedRequest ? { savedRequest: pageState.savedRequest } : undefined,
        }),
    });

  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      first_name: '',
      last_name: '',
      phone: '',
      email: '',
      password: '',
      confirm_password: '',
      how_found_us: 'facebook' as HowFoundUs,
    },
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit((form) => {
    clearFormError();
    start.mutate(form);
  });

  const field = (name: 'first_name' | 'last_name' | 'email' | 'password' | 'confirm_password') => {
    const { ref, ...rest } = register(name);
    return {
      ...rest,
      inputRef: ref,
      id: `register-${name.replace('_', '-')}`,
      fullWidth: true,
      error: Boolean(errors[name]),
      helperText: errors[name]?.message,
    };
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 520, p: { xs: 3, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Sign Up
        </Typography>
        {hasSavedRequest && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {MSG.savedRequestBanner}
          </Alert>
        )}

        {step === 'FORM' ? (
          <>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              Create your account to request a move and compare bids.
            </Typography>
            <Box component="form" noValidate onSubmit={onSubmit} aria-busy={start.isPending}>
              <Stack spacing={2.5}>
                {formError && <Alert severity="error">{formError}</Alert>}
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
                  <TextField
                    {...field('first_name')}
                    label="First name"
                    autoComplete="given-name"
                  />
                  <TextField {...field('last_name')} label="Last name" autoComplete="family-name" />
                </Stack>
                <ControlledPhoneField
                  control={control}
                  name="phone"
                  id="register-phone"
                  label="Phone number (optional)"
                  fullWidth
                />
                <TextField {...field('email')} label="Email" type="email" autoComplete="email" />
                <TextField
                  {...field('password')}
                  label="Password"
                  type="password"
                  autoComplete="new-password"
                />
                <PasswordStrengthMeter password={password} />
                <TextField
                  {...field('confirm_password')}
                  label="Confirm password"
                  type="password"
                  autoComplete="new-password"
                />
                {!directRequest && (
                  <TextField
                    {...register('how_found_us')}
                    id="register-how-found-us"
                    label="How did you find us?"
                    select
                    fullWidth
                    error={Boolean(errors.how_found_us)}
                    helperText={errors.how_found_us?.message}
                    slotProps={{ select: { native: true } }}
                  >
                    {HOW_FOUND_US.map((option) => (
                      <option key={option} value={option}>
                        {howFoundUsLabel(option)}
                      </option>
                    ))}
                  </TextField>
                )}
                {reff && <input type="hidden" name="reference_code" value={reff} />}
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  fullWidth
                  disabled={start.isPending}
                  startIcon={
                    start.isPending ? (
                      <CircularProgress aria-hidden size={20} color="inherit" />
                    ) : undefined
                  }
                >
                  Sign Up
                </Button>
              </Stack>
            </Box>
          </>
        ) : (
          <>
            <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
              {step === 'EMAIL_CODE' ? 'Verify your email' : 'Verify your phone number'}
            </Typography>
            <VerificationCodeForm
              // A new form (and an empty code) for each step.
              key={step}
              sentTo={
                step === 'EMAIL_CODE' ? (signUp?.form.email ?? '') : (signUp?.form.phone ?? '')
              }
              notice={step === 'EMAIL_CODE' ? MSG.emailCodeSent : MSG.phoneCodeSent}
              error={codeError}
              pending={verify.isPending}
              onSubmit={(code) => verify.mutate(code)}
              onResend={() => resend.mutate()}
              resendPending={resend.isPending}
              onBack={backToForm}
              backLabel="Change details"
            />
          </>
        )}

        <Typography sx={{ mt: 3, textAlign: 'center' }}>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login" state={location.state}>
            Login
          </Link>
        </Typography>
      </Paper>
    </Box>
  );
}
