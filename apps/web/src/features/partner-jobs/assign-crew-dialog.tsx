import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { assignMoveBodySchema, type JobDetail } from '@movehub/shared';
import { isApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { assignMove, refreshJob } from './job-detail-api';

export const CHOOSE_FOREMAN = 'Please choose a foreman.';
export const CHOOSE_TRUCK = 'Please choose at least one truck.';

/**
 * assign_move's own schema, with the form's words for an empty choice (the wire's messages name
 * the fields, which a person choosing from a list does not need).
 */
const assignFormSchema = assignMoveBodySchema.extend({
  foreman_id: z.coerce.number<string>().int().positive(CHOOSE_FOREMAN),
  truck_ids: z.array(z.number().int().positive()).min(1, CHOOSE_TRUCK),
});
type AssignFormInput = z.input<typeof assignFormSchema>;
type AssignFormOutput = z.output<typeof assignFormSchema>;

const fullName = (f: { first_name: string; last_name: string }) =>
  `${f.first_name} ${f.last_name}`.trim();

/**
 * Assign foreman and trucks to a paid job: one of the company's foremen and one or
 * more of its active trucks, through assign_move (3 → 4). A refusal (the job moved on meanwhile,
 * a direct request's letter is not signed) stays in the dialog.
 */
export function AssignCrewDialog({ job, onClose }: { job: JobDetail; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    register,
    formState: { errors },
  } = useForm<AssignFormInput, unknown, AssignFormOutput>({
    resolver: zodResolver(assignFormSchema),
    defaultValues: {
      request_id: job.id,
      foreman_id: job.assigned_foreman ? String(job.assigned_foreman.id) : '',
      truck_ids: job.assigned_trucks.map((t) => t.id),
    },
  });

  const assign = useMutation({
    mutationFn: assignMove,
    onMutate: () => setFailure(null),
    onSuccess: async (response) => {
      showToast(response.message, 'success');
      await refreshJob(queryClient);
      onClose();
    },
    onError: (error) => {
      setFailure(isApiError(error) ? error.message : UNEXPECTED_RESPONSE_MESSAGE);
      void refreshJob(queryClient);
    },
  });
  const busy = assign.isPending;
  const submit = handleSubmit((values) => {
    if (!busy) assign.mutate(values);
  });
  const { ref: foremanRef, ...foremanField } = register('foreman_id');
  const titleId = `assign-title-${job.id}`;
  const noCrew = job.foremen.length === 0 || job.trucks.length === 0;

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>Assign foreman and trucks</DialogTitle>
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <DialogContent>
          <Stack spacing={2.5}>
            {failure && <Alert severity="error">{failure}</Alert>}
            {noCrew && (
              <Alert severity="info">
                Your company needs at least one foreman and one active truck to assign this move.
              </Alert>
            )}
            <TextField
              {...foremanField}
              inputRef={foremanRef}
              id={`assign-foreman-${job.id}`}
              select
              label="Foreman"
              fullWidth
              defaultValue={job.assigned_foreman ? String(job.assigned_foreman.id) : ''}
              error={Boolean(errors.foreman_id)}
              helperText={errors.foreman_id?.message}
            >
              {job.foremen.map((f) => (
                <MenuItem key={f.id} value={String(f.id)}>
                  {fullName(f)}
                </MenuItem>
              ))}
            </TextField>
            <Controller
              control={control}
              name="truck_ids"
              render={({ field, fieldState }) => (
                <FormControl component="fieldset" error={Boolean(fieldState.error)}>
                  <FormLabel component="legend">Trucks</FormLabel>
                  <FormGroup>
                    {job.trucks.map((truck) => (
                      <FormControlLabel
                        key={truck.id}
                        label={truck.name}
                        control={
                          <Checkbox
                            name="truck_ids"
                            value={truck.id}
                            checked={field.value.includes(truck.id)}
                            onChange={(event) =>
                              field.onChange(
                                event.target.checked
                                  ? [...field.value, truck.id]
                                  : field.value.filter((id) => id !== truck.id),
                              )
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                  {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
                </FormControl>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || noCrew}
            startIcon={
              busy ? <CircularProgress aria-hidden size={18} color="inherit" /> : undefined
            }
          >
            Assign
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
