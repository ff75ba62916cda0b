import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CHANGE_TYPES,
  ITEM_SIZE_CODES,
  minutesToTimeOfDay,
  proposeChangeBodySchema,
  SLOT_MINUTES,
  type ChangeType,
  type JobDetail,
  type PlaceSuggestion,
  type ProposeChangeBody,
  type ServerItem,
} from '@movehub/shared';
import { AddressField } from '../../lib/maps/address-field';
import { geocodePlace } from '../../lib/maps/geo-query';
import { useDialogMutation } from '../../lib/use-dialog-mutation';
import { FormDialog } from '../../ui/form-dialog';
import { useProposeChange } from './use-job-mutations';

/** The four kinds, in the words of the dialog's choice and of the list of changes. */
export const CHANGE_TYPE_LABELS: Record<ChangeType, string> = {
  request: 'Date, time, movers and price',
  address: 'Addresses',
  items: 'Items',
  'extra-items': 'Extra items',
};

const PRICE_HELP = 'What the change adds to the price in USD; negative for a saving, 0 for none.';

/** Every half-hour slot of the day, as the window's From and To offer them. */
const SLOTS = Array.from({ length: (24 * 60) / SLOT_MINUTES }, (_, i) =>
  minutesToTimeOfDay(i * SLOT_MINUTES),
);

/** The first message of a refused body at each top-level field, and one for the whole form. */
function issuesOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] ??= issue.message;
  }
  return out;
}

interface KindFormProps {
  job: JobDetail;
  busy: boolean;
  formId: string;
  onSubmit: (body: ProposeChangeBody) => void;
}

// --- date, time, movers and price ---------------------------------------------------------------

interface RequestForm {
  s_date: string;
  start_window_from: string;
  start_window_to: string;
  movers: string;
  price: string;
}

/** The date input's 'YYYY-MM-DD' as the wire's 'MM-DD-YYYY'. */
const toWireDate = (value: string) => {
  const [y, m, d] = value.split('-');
  return value ? `${m}-${d}-${y}` : '';
};

function toRequestBody(requestId: number, v: RequestForm): ProposeChangeBody {
  return {
    request_id: requestId,
    type: 'request',
    s_date: toWireDate(v.s_date) || null,
    start_window_from: v.start_window_from || null,
    start_window_to: v.start_window_to || null,
    movers: v.movers ? Number(v.movers) : null,
    price: v.price.trim() || '0',
  };
}

function RequestChangeForm({ job, busy, formId, onSubmit }: KindFormProps) {
  const schema = useMemo(
    () => z.preprocess((v: RequestForm) => toRequestBody(job.id, v), proposeChangeBodySchema),
    [job.id],
  );
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<RequestForm, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      s_date: '',
      start_window_from: '',
      start_window_to: '',
      movers: '',
      price: '',
    },
  });
  const error = (field: string) =>
    (errors as Record<string, { message?: string } | undefined>)[field]?.message;
  const nothing = error('type');
  const { ref: fromRef, ...fromField } = register('start_window_from');
  const { ref: toRef, ...toField } = register('start_window_to');
  const { ref: moversRef, ...moversField } = register('movers');
  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) =>
        void handleSubmit(() => onSubmit(toRequestBody(job.id, getValues())))(event)
      }
      aria-busy={busy}
    >
      <Stack spacing={2.5}>
        {nothing && <Alert severity="error">{nothing}</Alert>}
        <TextField
          {...register('s_date')}
          id={`${formId}-s_date`}
          type="date"
          label="New date"
          slotProps={{ inputLabel: { shrink: true } }}
          error={Boolean(error('s_date'))}
          helperText={error('s_date') ?? 'Leave empty to keep the date.'}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
          <TextField
            {...fromField}
            inputRef={fromRef}
            id={`${formId}-from`}
            select
            label="Window from"
            defaultValue=""
            error={Boolean(error('start_window_from') ?? error('s_time'))}
            helperText={error('start_window_from') ?? error('s_time')}
          >
            <MenuItem value="">Unchanged</MenuItem>
            {SLOTS.map((slot) => (
              <MenuItem key={slot} value={slot}>
                {slot}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            {...toField}
            inputRef={toRef}
            id={`${formId}-to`}
            select
            label="Window to"
            defaultValue=""
            error={Boolean(error('start_window_to'))}
            helperText={error('start_window_to')}
          >
            <MenuItem value="">Unchanged</MenuItem>
            {SLOTS.map((slot) => (
              <MenuItem key={slot} value={slot}>
                {slot}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <TextField
          {...moversField}
          inputRef={moversRef}
          id={`${formId}-movers`}
          select
          label="Movers"
          defaultValue=""
          error={Boolean(error('movers'))}
          helperText={error('movers') ?? `Now ${job.movers ?? 'not set'}.`}
        >
          <MenuItem value="">Unchanged</MenuItem>
          <MenuItem value="2">2 movers</MenuItem>
          <MenuItem value="3">3 movers</MenuItem>
          <MenuItem value="4">4 movers</MenuItem>
        </TextField>
        <TextField
          {...register('price')}
          id={`${formId}-price`}
          label="Price difference (USD)"
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          error={Boolean(error('price'))}
          helperText={error('price') ?? PRICE_HELP}
        />
      </Stack>
    </form>
  );
}

/** The price of an address or items change, kept as typed until the form is sent. */
function PriceField({
  formId,
  value,
  onChange,
  error,
}: {
  formId: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <TextField
      id={`${formId}-price`}
      name="price"
      label="Price difference (USD)"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="off"
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      error={Boolean(error)}
      helperText={error ?? PRICE_HELP}
    />
  );
}

// --- addresses ----------------------------------------------------------------------------------

interface Place {
  complete_address: string;
  street_address: string;
  zip_code: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

type AddressAction = 'keep' | 'replace' | 'remove';

const letterOf = (index: number) => String.fromCharCode(65 + index);

/** An address search that keeps the place it resolved (the wizard's own field). */
function PlaceSearch({
  id,
  label,
  place,
  error,
  onPlace,
}: {
  id: string;
  label: string;
  place: Place | null;
  error: string | null;
  onPlace: (place: Place | null) => void;
}) {
  const choose = async (suggestion: PlaceSuggestion): Promise<string | null> => {
    try {
      const found = (await geocodePlace(suggestion.place_id)).data.address;
      const street = `${found.street_number ?? ''} ${found.route ?? ''}`.trim();
      onPlace({
        complete_address: found.formated_address,
        street_address: street || found.formated_address,
        zip_code: found.zip_code.trim(),
        city: found.city,
        state: found.state,
        latitude: found.lat,
        longitude: found.lng,
      });
      return found.formated_address;
    } catch {
      // The api client has shown the server's message.
      return null;
    }
  };
  return (
    <AddressField
      address={{
        id,
        label,
        address: place?.complete_address ?? '',
        isEmpty: place === null,
        zip_code: place?.zip_code ?? '',
        city: place?.city ?? '',
        state: place?.state ?? '',
        placeholder: 'Search the new address',
      }}
      error={error}
      onChoose={choose}
      onClear={() => onPlace(null)}
    />
  );
}

function AddressChangeForm({ job, busy, formId, onSubmit }: KindFormProps) {
  const [actions, setActions] = useState<Record<number, AddressAction>>({});
  const [replacements, setReplacements] = useState<Record<number, Place | null>>({});
  const [added, setAdded] = useState<{ place: Place | null; type: '1' | '2' } | null>(null);
  const [price, setPrice] = useState('');
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setMissing(null);
    const replacing = job.request_address.filter((a) => actions[a.id] === 'replace');
    if (replacing.some((a) => !replacements[a.id]) || (added && !added.place)) {
      setMissing('Please choose each new address from the suggestions.');
      return;
    }
    const body: ProposeChangeBody = {
      request_id: job.id,
      type: 'address',
      new_address_array: added?.place
        ? [{ ...added.place, address_type: Number(added.type) as 1 | 2 }]
        : [],
      edit_address_array: replacing.map((a) => ({
        ...replacements[a.id]!,
        address_id: a.id,
        address_type: a.address_type as 1 | 2,
      })),
      delete_address_array: job.request_address
        .filter((a) => actions[a.id] === 'remove')
        .map((a) => ({ address_id: a.id })),
      price: price.trim() || '0',
    };
    const parsed = proposeChangeBodySchema.safeParse(body);
    if (!parsed.success) {
      setIssues(issuesOf(parsed.error));
      return;
    }
    setIssues({});
    onSubmit(body);
  };

  const formLevel =
    missing ??
    issues.new_address_array ??
    issues.edit_address_array ??
    issues.delete_address_array ??
    null;
  return (
    <form id={formId} noValidate onSubmit={submit} aria-busy={busy}>
      <Stack spacing={2.5}>
        {formLevel && <Alert severity="error">{formLevel}</Alert>}
        {job.request_address.map((address, index) => {
          const action = actions[address.id] ?? 'keep';
          const label = `Address ${letterOf(index)}`;
          return (
            <Stack key={address.id} spacing={1.5}>
              <TextField
                select
                id={`${formId}-address-${address.id}`}
                name={`address_${address.id}`}
                label={`${label} (${address.address_type === 1 ? 'pick-up' : 'drop-off'})`}
                value={action}
                onChange={(event) =>
                  setActions((now) => ({
                    ...now,
                    [address.id]: event.target.value as AddressAction,
                  }))
                }
                helperText={address.complete_address}
              >
                <MenuItem value="keep">Keep</MenuItem>
                <MenuItem value="replace">Replace with another address</MenuItem>
                <MenuItem value="remove">Remove</MenuItem>
              </TextField>
              {action === 'replace' && (
                <PlaceSearch
                  id={`${formId}-replace-${address.id}`}
                  label={letterOf(index)}
                  place={replacements[address.id] ?? null}
                  error={null}
                  onPlace={(place) => setReplacements((now) => ({ ...now, [address.id]: place }))}
                />
              )}
            </Stack>
          );
        })}
        {added ? (
          <Stack spacing={1.5}>
            <PlaceSearch
              id={`${formId}-new`}
              label={letterOf(job.request_address.length)}
              place={added.place}
              error={null}
              onPlace={(place) => setAdded((now) => now && { ...now, place })}
            />
            <TextField
              select
              id={`${formId}-new-type`}
              name="address_type"
              label="New address type"
              value={added.type}
              onChange={(event) =>
                setAdded((now) => now && { ...now, type: event.target.value as '1' | '2' })
              }
            >
              <MenuItem value="1">Pick-up</MenuItem>
              <MenuItem value="2">Drop-off</MenuItem>
            </TextField>
            <Button onClick={() => setAdded(null)} sx={{ alignSelf: 'flex-start' }}>
              Do not add an address
            </Button>
          </Stack>
        ) : (
          <Button
            variant="outlined"
            onClick={() => setAdded({ place: null, type: '2' })}
            sx={{ alignSelf: 'flex-start' }}
          >
            Add an address
          </Button>
        )}
        <PriceField formId={formId} value={price} onChange={setPrice} error={issues.price} />
      </Stack>
    </form>
  );
}

// --- items and extra items ----------------------------------------------------------------------

/** A line of the request as the change sends it back (the edit screens' line), at a quantity. */
function lineOf(item: ServerItem, quantity: number) {
  const size = (ITEM_SIZE_CODES as readonly string[]).includes(item.size) ? item.size : '0';
  return {
    _id: item.item_id ?? '',
    category_name: item.category_name,
    name: item.name,
    type: item.type,
    size,
    unit_price: item.unit_price,
    quantity,
    ...(item.additional_info ? { additional_info: item.additional_info } : {}),
    items_image_array: item.request_item_image_models.map((img) => img.image_url),
  };
}

function ItemsChangeForm({
  job,
  busy,
  formId,
  onSubmit,
  type,
}: KindFormProps & { type: 'items' | 'extra-items' }) {
  const items = type === 'items' ? job.request_item : job.extra_request_items;
  const [quantities, setQuantities] = useState<Record<number, string>>(() =>
    Object.fromEntries(items.map((i) => [i.id, String(i.quantity)])),
  );
  const [price, setPrice] = useState('');
  const [issues, setIssues] = useState<Record<string, string>>({});
  const unchanged = items.every((i) => quantities[i.id] === String(i.quantity));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (unchanged) {
      setIssues({ form: 'Please change at least one quantity.' });
      return;
    }
    const body: ProposeChangeBody = {
      request_id: job.id,
      type,
      items_array: items.map((i) => lineOf(i, Number(quantities[i.id] || 0))),
      price: price.trim() || '0',
    };
    const parsed = proposeChangeBodySchema.safeParse(body);
    if (!parsed.success) {
      setIssues(issuesOf(parsed.error));
      return;
    }
    setIssues({});
    onSubmit(body);
  };

  if (items.length === 0) {
    return (
      <Typography color="text.secondary">
        This request has no {type === 'items' ? 'items' : 'extra items'} to change.
      </Typography>
    );
  }
  const formLevel = issues.form ?? issues.items_array ?? null;
  return (
    <form id={formId} noValidate onSubmit={submit} aria-busy={busy}>
      <Stack spacing={2}>
        {formLevel && <Alert severity="error">{formLevel}</Alert>}
        <Typography variant="body2" color="text.secondary">
          Set each line&apos;s new quantity; 0 removes it.
        </Typography>
        {items.map((item) => (
          <TextField
            key={item.id}
            id={`${formId}-qty-${item.id}`}
            name="quantity"
            label={`${item.name} (now ${item.quantity})`}
            value={quantities[item.id] ?? ''}
            onChange={(event) =>
              setQuantities((now) => ({
                ...now,
                [item.id]: event.target.value.replace(/\D/g, '').slice(0, 3),
              }))
            }
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        ))}
        <PriceField formId={formId} value={price} onChange={setPrice} error={issues.price} />
      </Stack>
    </form>
  );
}

// --- the dialog ---------------------------------------------------------------------------------

/**
 * Propose a change (the partner API's propose_change): one of the four kinds with its
 * price, each validated by propose_change's own schema. A kind that already waits for the
 * customer's answer cannot be proposed again (the server answers 409) and is offered disabled.
 */
export function ProposeChangeDialog({ job, onClose }: { job: JobDetail; onClose: () => void }) {
  const baseId = useId();
  const formId = `propose-${job.id}`;
  const open = new Set(
    job.changes
      .filter((c) => c.status === 'pending' || c.status === 'awaiting_price')
      .map((c) => c.type),
  );
  const [kind, setKind] = useState<ChangeType>(
    () => CHANGE_TYPES.find((t) => !open.has(t)) ?? 'request',
  );
  const propose = useDialogMutation(useProposeChange(), { onDone: onClose });
  const kindProps = { job, busy: propose.pending, formId, onSubmit: propose.submit };

  return (
    <FormDialog
      onClose={onClose}
      title="Propose a change"
      titleId={`${baseId}-title`}
      failure={propose.failure}
      pending={propose.pending}
      submitLabel="Propose change"
      submitDisabled={open.has(kind)}
      form={formId}
      maxWidth="sm"
    >
      <FormControl>
        <FormLabel id={`${baseId}-kind`}>What changes</FormLabel>
        <RadioGroup
          aria-labelledby={`${baseId}-kind`}
          name="type"
          value={kind}
          onChange={(event) => {
            propose.clearFailure();
            setKind(event.target.value as ChangeType);
          }}
        >
          {CHANGE_TYPES.map((t) => (
            <FormControlLabel
              key={t}
              value={t}
              disabled={open.has(t)}
              control={<Radio />}
              label={
                open.has(t)
                  ? `${CHANGE_TYPE_LABELS[t]} (waiting for the customer)`
                  : CHANGE_TYPE_LABELS[t]
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      {kind === 'request' && <RequestChangeForm key={kind} {...kindProps} />}
      {kind === 'address' && <AddressChangeForm key={kind} {...kindProps} />}
      {(kind === 'items' || kind === 'extra-items') && (
        <ItemsChangeForm key={kind} {...kindProps} type={kind} />
      )}
    </FormDialog>
  );
}
