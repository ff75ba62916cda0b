import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
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
import {
  HOW_FOUND_US,
  MSG,
  type HowFoundUs,
  maskedPhoneToWire,
  registerFormSchema,
  type RegisterForm,
} from '@movehub/shared';
import { isApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../lib/api-client';
import { clearSession, setSession } from '../../lib/storage';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  sendEmailCode,
  sendPhoneCode,
  verifyEmailCode,
  verifyPhoneCode,
} from '../../lib/verification-api';
import { PasswordStrengthMeter } from '../../ui/password-strength-meter';
import { ControlledPhoneField } from '../../ui/phone-field';
import { VerificationCodeForm } from '../../ui/verification-code-form';
import { registerCustomer, validateEmailAndPhone } from './auth-api';

/**
 * What a screen may hand to /register (and /login) in the location state: the request a visitor
 * filled in before signing up (spec/portal.md §2), and whether it is a direct request, for which
 * the how_found_us question is not asked (§3).
 */
export interface RegisterLocationState {
  savedRequest?: unknown;
  directRequest?: boolean;
}

type Step = 'FORM' | 'EMAIL_CODE' | 'PHONE_CODE';

/** The validated (trimmed) form and the phone as it goes on the wire ('' when none). */
interface SignUp {
  form: RegisterForm;
  phone: string;
}

/** The addresses this page has already proven with a code (the server keeps the proof). */
interface Proven {
  email?: string;
  phone?: string;
}

/** how_found_us keeps its wire values; the select shows them capitalised. */
const howFoundUsLabel = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

const errorMessage = (error: unknown) =>
  isApiError(error) ? error.message : UNEXPECTED_RESPONSE_MESSAGE;

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

  const [step, setStep] = useState<Step>('FORM');
  const [signUp, setSignUp] = useState<SignUp | null>(null);
  const [proven, setProven] = useState<Proven>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);

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

  /** The next thing the sign-up needs: an email code, a phone code, or the account itself. */
  const advance = async (details: SignUp, known: Proven) => {
    const { form } = details;
    if (known.email !== form.email) {
      await sendEmailCode({ email: form.email, name: `${form.first_name} ${form.last_name}` });
      setCodeError(null);
      setStep('EMAIL_CODE');
      return;
    }
    if (details.phone && known.phone !== details.phone) {
      await sendPhoneCode(details.phone);
      setCodeError(null);
      setStep('PHONE_CODE');
      return;
    }
    try {
      const response = await registerCustomer({
        first_name: form.first_name,
        last_name: form.last_name,
        phone: details.phone,
        email: form.email,
        password: form.password,
        confirm_password: form.confirm_password,
        how_found_us: form.how_found_us,
        ...(reff ? { reference_code: reff } : {}),
      });
      setSession(response.data.auth_token, response.data.user);
      // spec/portal.md §2: after sign-up, /create-request; a saved request goes along to be sent.
      await navigate('/create-request', {
        replace: true,
        state: hasSavedRequest ? { savedRequest: pageState.savedRequest } : undefined,
      });
    } catch (error) {
      // spec/portal.md §8: a registration failure shows the server message and clears storage.
      clearSession();
      setFormError(errorMessage(error));
      setStep('FORM');
    }
  };

  const start = useMutation({
    mutationFn: async (form: RegisterForm) => {
      const details: SignUp = { form, phone: maskedPhoneToWire(form.phone) ?? '' };
      try {
        await validateEmailAndPhone({ email: form.email, phone: details.phone });
      } catch (error) {
        setFormError(errorMessage(error));
        return;
      }
      setSignUp(details);
      await advance(details, proven);
    },
  });

  const verify = useMutation({
    mutationFn: async (code: string) => {
      if (!signUp) return;
      const next: Proven = { ...proven };
      try {
        if (step === 'EMAIL_CODE') {
          await verifyEmailCode({ email: signUp.form.email, code }, { suppressToast: true });
          next.email = signUp.form.email;
        } else {
          await verifyPhoneCode({ phonenumber: signUp.phone, code }, { suppressToast: true });
          next.phone = signUp.phone;
        }
      } catch (error) {
        setCodeError(errorMessage(error));
        return;
      }
      setProven(next);
      setCodeError(null);
      await advance(signUp, next);
    },
  });

  const resend = useMutation({
    mutationFn: async () => {
      if (!signUp) return;
      if (step === 'EMAIL_CODE') {
        const { form } = signUp;
        await sendEmailCode({ email: form.email, name: `${form.first_name} ${form.last_name}` });
      } else {
        await sendPhoneCode(signUp.phone);
      }
      setCodeError(null);
    },
  });

  const onSubmit = handleSubmit((form) => {
    setFormError(null);
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
              onBack={() => {
                setCodeError(null);
                setStep('FORM');
              }}
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
