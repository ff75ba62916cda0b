import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { UserType, partnerLoginFormSchema, type PartnerLoginForm } from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { setSession } from '../../lib/storage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthCard } from '../../ui/auth-card';
import { logInPartner } from './partner-auth-api';
import { LoginFields } from '../../ui/login-fields';

/**
 * /partner/login: a moving company or its foreman signs in through /app_api/login
 * with user_type 2 or 3, into the partner session slot (decision 022), so that a customer
 * signed in in another window stays signed in. A company goes on to its console, a foreman to
 * his jobs.
 */
export function PartnerLoginPage() {
  useDocumentTitle('Partner login');
  const navigate = useNavigate();

  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(partnerLoginFormSchema),
    defaultValues: { email: '', password: '', user_type: String(UserType.company) },
  });

  const login = useMutation({
    mutationFn: async (values: PartnerLoginForm) => {
      const response = await logInPartner(values);
      const { auth_token: token, user } = response.data;
      setSession(token, user, 'partner');
      return user;
    },
    onSuccess: async (user) => {
      await navigate(user.user_type === UserType.foreman ? '/partner/foreman' : '/partner', {
        replace: true,
      });
    },
  });

  const serverMessage = login.isError ? errorMessage(login.error) : null;

  const busy = login.isPending;
  const onSubmit = handleSubmit((values) => {
    if (!busy) login.mutate(values);
  });

  return (
    <AuthCard title="Partner login">
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Moving companies sign in here to bid on moves and run their jobs; foremen, to run move day.
      </Typography>

      <Box component="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <Stack spacing={2.5}>
          {serverMessage && <Alert severity="error">{serverMessage}</Alert>}
          <Controller
            name="user_type"
            control={control}
            render={({ field }) => (
              <FormControl error={Boolean(errors.user_type)}>
                <FormLabel id="partner-login-user-type">I sign in as</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="partner-login-user-type"
                  name={field.name}
                  value={String(field.value)}
                  onChange={(event) => field.onChange(event.target.value)}
                >
                  <FormControlLabel
                    value={String(UserType.company)}
                    control={<Radio inputRef={field.ref} />}
                    label="A moving company"
                  />
                  <FormControlLabel
                    value={String(UserType.foreman)}
                    control={<Radio />}
                    label="A foreman"
                  />
                </RadioGroup>
                {errors.user_type && <FormHelperText>{errors.user_type.message}</FormHelperText>}
              </FormControl>
            )}
          />
          <LoginFields
            idPrefix="partner-login"
            email={register('email')}
            password={register('password')}
            errors={errors}
          />
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
    </AuthCard>
  );
}
