import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { assignMoveBodySchema, type JobDetail } from '@movehub/shared';
import { useDialogMutation } from '../../lib/use-dialog-mutation';
import { FormDialog } from '../../ui/form-dialog';
import { useAssignMove } from './use-job-mutations';

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
 * more of its active trucks, through assign_move (3 → 4); on an assigned job not yet started,
 * change them (the same call). A refusal (the job moved on meanwhile, started by the foreman, a
 * direct request's letter is not signed) stays in the dialog.
 */
export function AssignCrewDialog({ job, onClose }: { job: JobDetail; onClose: () => void }) {
  const assign = useDialogMutation(useAssignMove(), { onDone: onClose });
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

  const { ref: foremanRef, ...foremanField } = register('foreman_id');
  const titleId = `assign-title-${job.id}`;
  const noCrew = job.foremen.length === 0 || job.trucks.length === 0;
  const changing = job.assigned_foreman !== null;

  return (
    <FormDialog
      onClose={onClose}
      title={changing ? 'Change foreman and trucks' : 'Assign foreman and trucks'}
      titleId={titleId}
      failure={assign.failure}
      pending={assign.pending}
      submitLabel={changing ? 'Save crew' : 'Assign'}
      submitDisabled={noCrew}
      onSubmit={handleSubmit(assign.submit)}
    >
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
    </FormDialog>
  );
}
