import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zipCodeBodySchema } from '@movehub/shared';
import { isApiError } from '../../lib/api-client';
import { useAddZipCode, useRemoveZipCode } from './use-profile-mutations';

export const NO_ZIPS_MESSAGE =
  'You serve no zip codes yet. Open requests whose pick-up is in a zip code you serve are shown to you.';

/** The zip codes the company serves: a chip for each (a press removes it) and a field to add one. */
export function ServiceZipsSection({ zipCodes }: { zipCodes: string[] }) {
  const add = useAddZipCode();
  const remove = useRemoveZipCode();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<{ zip_code: string }>({
    resolver: zodResolver(zipCodeBodySchema),
    defaultValues: { zip_code: '' },
  });

  const onSubmit = handleSubmit(({ zip_code }) => {
    if (add.isPending) return;
    add.mutate(zip_code, {
      onSuccess: () => reset({ zip_code: '' }),
      // A refusal about the zip itself (already served, not five digits) shows under the field.
      onError: (error) => {
        if (isApiError(error) && (error.code === 409 || error.code === 422)) {
          setError('zip_code', { message: error.message });
        }
      },
    });
  });
  const { ref, ...field } = register('zip_code');

  return (
    <Stack spacing={2}>
      {zipCodes.length === 0 ? (
        <Typography color="text.secondary">{NO_ZIPS_MESSAGE}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Served zip codes"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
        >
          {zipCodes.map((zip) => (
            <li key={zip}>
              <Chip
                label={zip}
                aria-label={`Remove zip code ${zip}`}
                onClick={() => remove.mutate(zip)}
                onDelete={() => remove.mutate(zip)}
                disabled={remove.isPending && remove.variables === zip}
              />
            </li>
          ))}
        </Box>
      )}
      <Box component="form" noValidate onSubmit={onSubmit} aria-busy={add.isPending}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            {...field}
            inputRef={ref}
            id="company-zip-code"
            label="Zip code"
            size="small"
            error={Boolean(errors.zip_code)}
            helperText={errors.zip_code?.message ?? 'Five digits, e.g. 90012'}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
            sx={{ maxWidth: 200 }}
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={add.isPending}
            startIcon={
              add.isPending ? <CircularProgress aria-hidden size={18} color="inherit" /> : undefined
            }
            sx={{ mt: 0.25 }}
          >
            Add zip code
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}
