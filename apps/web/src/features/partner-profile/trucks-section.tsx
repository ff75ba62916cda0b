import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  addTruckBodySchema,
  type AddTruckBody,
  type CompanyTruck,
  type UpdateTruckBody,
} from '@movehub/shared';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useAddTruck, useRemoveTruck, useUpdateTruck } from './use-profile-mutations';
import { FormTextField } from '../../ui/form-text-field';

export const NO_TRUCKS_MESSAGE =
  'No trucks yet. Add the trucks you move with, so that you can assign them to your jobs.';

/** The company's trucks: add, rename, mark active or not, remove (after a confirmation). */
export function TrucksSection({ trucks }: { trucks: CompanyTruck[] }) {
  const [removing, setRemoving] = useState<CompanyTruck | null>(null);
  const update = useUpdateTruck();
  const remove = useRemoveTruck();

  return (
    <Stack spacing={2}>
      {trucks.length === 0 ? (
        <Typography color="text.secondary">{NO_TRUCKS_MESSAGE}</Typography>
      ) : (
        <Stack
          component="ul"
          aria-label="Trucks"
          spacing={1}
          sx={{ p: 0, m: 0, listStyle: 'none' }}
        >
          {trucks.map((truck) => (
            <TruckRow
              key={truck.id}
              truck={truck}
              busy={update.isPending && update.variables.truck_id === truck.id}
              onUpdate={(body) => update.mutateAsync(body)}
              onRemove={() => setRemoving(truck)}
            />
          ))}
        </Stack>
      )}
      <AddTruckForm />
      <ConfirmDialog
        open={removing !== null}
        title="Remove truck?"
        message={`${removing?.name ?? 'This truck'} will no longer be listed or offered for your moves.`}
        confirmLabel="Remove"
        cancelLabel="Cancel"
        confirmColor="error"
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          // A refusal (the truck is on an unfinished move) shows in the toast; the dialog closes.
          remove.mutate(removing.id, { onSettled: () => setRemoving(null) })
        }
        onClose={() => setRemoving(null)}
        titleId="remove-truck-title"
        messageId="remove-truck-message"
      />
    </Stack>
  );
}

function TruckRow({
  truck,
  busy,
  onUpdate,
  onRemove,
}: {
  truck: CompanyTruck;
  busy: boolean;
  onUpdate: (body: UpdateTruckBody) => Promise<unknown>;
  onRemove: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddTruckBody>({
    resolver: zodResolver(addTruckBodySchema),
    defaultValues: { name: truck.name },
  });
  const fieldId = `truck-${truck.id}-name`;
  const { ref, ...field } = register('name');

  const onRename = handleSubmit(async ({ name }) => {
    if (busy) return;
    try {
      await onUpdate({ truck_id: truck.id, name });
      setEditing(false);
    } catch {
      // The toast said why; the field keeps what was typed.
    }
  });

  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {editing ? (
        <Box
          component="form"
          noValidate
          onSubmit={onRename}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', flexGrow: 1, alignItems: 'flex-start' }}
        >
          <FormTextField
            {...field}
            inputRef={ref}
            id={fieldId}
            label="Truck name"
            size="small"
            autoFocus
            fieldError={errors.name}
          />
          <Button type="submit" variant="contained" size="small" disabled={busy} sx={{ mt: 0.5 }}>
            Save
          </Button>
          <Button size="small" onClick={() => setEditing(false)} disabled={busy} sx={{ mt: 0.5 }}>
            Cancel
          </Button>
        </Box>
      ) : (
        <>
          <Typography sx={{ flexGrow: 1, minWidth: 120, overflowWrap: 'anywhere' }}>
            {truck.name}
            {!truck.is_active && (
              <Typography component="span" color="text.secondary">
                {' '}
                (inactive)
              </Typography>
            )}
          </Typography>
          <FormControlLabel
            label="Active"
            control={
              <Switch
                checked={truck.is_active}
                disabled={busy}
                slotProps={{ input: { 'aria-label': `${truck.name} is active` } }}
                onChange={(event) =>
                  void onUpdate({ truck_id: truck.id, is_active: event.target.checked }).catch(
                    () => undefined,
                  )
                }
              />
            }
          />
          <Button size="small" onClick={() => setEditing(true)} aria-label={`Rename ${truck.name}`}>
            Rename
          </Button>
          <Button size="small" color="error" onClick={onRemove} aria-label={`Remove ${truck.name}`}>
            Remove
          </Button>
        </>
      )}
    </Box>
  );
}

function AddTruckForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AddTruckBody>({
    resolver: zodResolver(addTruckBodySchema),
    defaultValues: { name: '' },
  });
  const add = useAddTruck();
  const { ref, ...field } = register('name');
  return (
    <Box
      component="form"
      noValidate
      aria-busy={add.isPending}
      onSubmit={handleSubmit((values) => {
        if (!add.isPending) add.mutate(values, { onSuccess: () => reset({ name: '' }) });
      })}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          {...field}
          inputRef={ref}
          id="company-new-truck"
          label="New truck name"
          size="small"
          error={Boolean(errors.name)}
          helperText={errors.name?.message ?? 'e.g. Box truck 26 ft'}
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
          Add truck
        </Button>
      </Stack>
    </Box>
  );
}
