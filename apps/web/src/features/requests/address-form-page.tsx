import { useId, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useController, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  ADDRESS_LABELS,
  DEFAULT_FLIGHTS,
  flightsToEdit,
  MAX_ADDRESSES,
  REQUEST_COUNTRY,
  canAddAddress,
  canEditRequestDetails,
  requestAddressFieldsSchema,
  type GeocodedAddress,
  type PlaceSuggestion,
  type RequestDetail,
  type ServerAddress,
} from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { AddressField } from '../../lib/maps/address-field';
import { geocodePlace } from '../../lib/maps/geo-query';
import { requestDetailPath } from '../../lib/request-paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { FlightsField } from '../../ui/flights-field';
import { LoadError } from '../../ui/load-error';
import { PageLoader } from '../../ui/page-loader';
import { requestDetailQueryOptions } from './requests-api';
import { useSaveAddress } from './use-request-mutations';
import { FormTextField } from '../../ui/form-text-field';
import { textArea } from '../../ui/text-area';

/*
 * spec/request-lifecycle.md §2 "Address add and edit": /dashboard/my-requests/add-address/{id}
 * and edit-address/{id}/{addressId} (also at top level). The form has the wizard's address
 * search and the server address fields (§3 Address (server)); §5: the zip is required ('Please
 * enter your zip code.') and so is a place picked from the suggestions ('Please enter a valid
 * address.'). A failure shows the server's message as a banner (§8); a success its message, and
 * the request's detail again.
 */

type FormInput = z.input<typeof requestAddressFieldsSchema>;
type FormOutput = z.output<typeof requestAddressFieldsSchema>;

/** spec §3: address_type 1 pick-up, 2 drop-off. */
const PICK_UP = 1;
const DROP_OFF = 2;

/** The form's lift choice: spec §3 is_elevator / is_stairs; an old address may have neither. */
type LiftChoice = 'elevator' | 'stairs' | '';

function formValues(address: ServerAddress | undefined): FormInput {
  if (!address) {
    return {
      complete_address: '',
      street_address: '',
      zip_code: '',
      city: '',
      state: '',
      country: REQUEST_COUNTRY,
      latitude: null,
      longitude: null,
      apartment_number: '',
      address_detail: '',
      parking_and_building_info: '',
      is_storage: false,
      // The wizard's default lift type and flights (spec §3 Address (wizard)).
      is_elevator: true,
      is_stairs: false,
      number_of_flights: DEFAULT_FLIGHTS,
      is_hardwood_floor: false,
      // A new address is a drop-off unless the customer says otherwise.
      address_type: DROP_OFF,
    };
  }
  return {
    complete_address: address.complete_address,
    street_address: address.street_address ?? '',
    zip_code: address.zip_code ?? '',
    city: address.city ?? '',
    state: address.state ?? '',
    country: address.country ?? REQUEST_COUNTRY,
    latitude: address.latitude,
    longitude: address.longitude,
    apartment_number: address.apartment_number ?? '',
    address_detail: address.address_detail ?? '',
    parking_and_building_info: address.parking_and_building_info ?? '',
    is_storage: address.is_storage,
    is_elevator: address.is_elevator,
    is_stairs: address.is_stairs,
    number_of_flights: flightsToEdit(address),
    is_hardwood_floor: address.is_hardwood_floor,
    address_type: address.address_type === PICK_UP ? PICK_UP : DROP_OFF,
  };
}

/** A geocoded place in the form's wire fields, as the wizard sends it (toWireAddress). */
function placeValues(place: GeocodedAddress): Partial<FormInput> {
  const street = `${place.street_number ?? ''} ${place.route ?? ''}`.trim();
  return {
    complete_address: place.formated_address,
    street_address: street || place.formated_address,
    zip_code: place.zip_code.trim(),
    city: place.city,
    state: place.state,
    latitude: place.lat,
    longitude: place.lng,
  };
}

const CLEARED_PLACE: Partial<FormInput> = {
  complete_address: '',
  street_address: '',
  zip_code: '',
  city: '',
  state: '',
  latitude: null,
  longitude: null,
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function Page({
  title,
  requestId,
  children,
}: {
  title: string;
  requestId: number;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Box sx={{ maxWidth: 800, mx: 'auto' }}>
      <Button
        component={RouterLink}
        to={requestDetailPath(requestId)}
        startIcon={<ArrowBackIcon aria-hidden />}
        sx={{ mb: 1 }}
      >
        Back to request
      </Button>
      <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{`Request #${requestId}`}</Typography>
      {children}
    </Box>
  );
}

interface AddressFormProps {
  detail: RequestDetail;
  /** The address being edited; none when one is added. */
  address?: ServerAddress;
  /** Its letter (A to F): the address's place in the request. */
  letter: string;
}

function AddressForm({ detail, address, letter }: AddressFormProps) {
  const request = detail.request;
  const requestId = request.id;
  const navigate = useNavigate();
  const liftLabelId = useId();
  const typeLabelId = useId();
  const defaultValues = useMemo(() => formValues(address), [address]);
  const {
    control,
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitted, isDirty },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(requestAddressFieldsSchema),
    defaultValues,
  });
  const [place, zip, city, state, latitude, stairs, elevator] = useWatch({
    control,
    name: ['complete_address', 'zip_code', 'city', 'state', 'latitude', 'is_stairs', 'is_elevator'],
  });
  const lift: LiftChoice = stairs ? 'stairs' : elevator ? 'elevator' : '';
  // The latitude stands for the picked place: its error ('Please enter a valid address.') sends
  // focus to the address search. Held before the zip, so a failed submit focuses them in order.
  const { field: latitudeField } = useController({ control, name: 'latitude' });

  const save = useSaveAddress(request, address?.id);
  const send = (values: FormOutput) =>
    save.mutate(
      {
        ...values,
        // spec §7 "Country is sent as USA"; flights count only with stairs (the wizard's rule).
        country: REQUEST_COUNTRY,
        number_of_flights: values.is_stairs ? values.number_of_flights : 0,
        address_type: values.address_type ?? undefined,
        request_id: requestId,
      },
      { onSuccess: () => void navigate(requestDetailPath(requestId)) },
    );

  const setPlace = (values: Partial<FormInput>) => {
    for (const [key, value] of Object.entries(values)) {
      setValue(key as keyof FormInput, value, { shouldValidate: isSubmitted, shouldDirty: true });
    }
  };

  const choose = async (suggestion: PlaceSuggestion): Promise<string | null> => {
    try {
      const found = (await geocodePlace(suggestion.place_id)).data.address;
      setPlace(placeValues(found));
      return found.formated_address;
    } catch {
      // The api client has shown the server's message.
      return null;
    }
  };

  const addressError = errors.latitude?.message ?? errors.complete_address?.message ?? null;
  const failure = save.error ? errorMessage(save.error) : null;
  const fieldValue = {
    id: address ? String(address.id) : 'new',
    label: letter,
    address: text(place),
    isEmpty: latitude == null && !text(place),
    zip_code: text(zip),
    city: text(city),
    state: text(state),
    placeholder: address ? undefined : 'New Address',
  };

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      aria-label={address ? `Edit address ${letter}` : `New address ${letter}`}
      onSubmit={(event) => void handleSubmit(send)(event)}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={2.5}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <input type="hidden" {...register('complete_address')} />
        <input type="hidden" {...register('longitude')} />
        <AddressField
          address={fieldValue}
          error={addressError}
          onChoose={choose}
          onClear={() => setPlace(CLEARED_PLACE)}
          inputRef={latitudeField.ref}
        />

        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Controller
            control={control}
            name="zip_code"
            render={({ field, fieldState }) => (
              <TextField
                name={field.name}
                inputRef={field.ref}
                onBlur={field.onBlur}
                disabled={field.disabled}
                value={text(field.value)}
                onChange={(event) =>
                  field.onChange(event.target.value.replace(/\D/g, '').slice(0, 5))
                }
                label="Zip Code"
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
                autoComplete="postal-code"
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
              />
            )}
          />
          <TextField
            {...register('apartment_number')}
            label="Unit / Apartment number"
            helperText={errors.apartment_number?.message ?? ' '}
            error={Boolean(errors.apartment_number)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <FormTextField
            {...register('address_detail')}
            label="Address details"
            {...textArea(2, { htmlInput: { maxLength: 1000 } })}
            fieldError={errors.address_detail}
          />
          <FormTextField
            {...register('parking_and_building_info')}
            label="Parking and building info"
            {...textArea(2, { htmlInput: { maxLength: 1000 } })}
            fieldError={errors.parking_and_building_info}
          />

          <FormControl>
            <FormLabel id={typeLabelId}>Address type</FormLabel>
            <Controller
              control={control}
              name="address_type"
              render={({ field }) => (
                <RadioGroup
                  row
                  name={field.name}
                  aria-labelledby={typeLabelId}
                  value={String(field.value ?? DROP_OFF)}
                  onChange={(event) => field.onChange(Number(event.target.value))}
                >
                  <FormControlLabel value={String(PICK_UP)} control={<Radio />} label="Pick up" />
                  <FormControlLabel value={String(DROP_OFF)} control={<Radio />} label="Drop off" />
                </RadioGroup>
              )}
            />
          </FormControl>

          <FormControl>
            <FormLabel id={liftLabelId}>Lift Type</FormLabel>
            {/* One choice for the two wire flags is_elevator and is_stairs. */}
            <RadioGroup
              row
              name="lift_type"
              aria-labelledby={liftLabelId}
              value={lift}
              onChange={(event) => {
                const choice = event.target.value as LiftChoice;
                setValue('is_stairs', choice === 'stairs', { shouldDirty: true });
                setValue('is_elevator', choice === 'elevator', { shouldDirty: true });
              }}
            >
              <FormControlLabel value="elevator" control={<Radio />} label="Elevator" />
              <FormControlLabel value="stairs" control={<Radio />} label="Stairs" />
            </RadioGroup>
          </FormControl>

          <Controller
            control={control}
            name="number_of_flights"
            render={({ field }) => (
              <FlightsField
                id="number_of_flights"
                name="number_of_flights"
                flights={Number(field.value ?? 0)}
                editable={lift === 'stairs'}
                onChange={field.onChange}
              />
            )}
          />

          <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Controller
              control={control}
              name="is_storage"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox
                      name={field.name}
                      checked={Boolean(field.value)}
                      onChange={(event) => field.onChange(event.target.checked)}
                    />
                  }
                  label="Storage"
                />
              )}
            />
            <Controller
              control={control}
              name="is_hardwood_floor"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox
                      name={field.name}
                      checked={Boolean(field.value)}
                      onChange={(event) => field.onChange(event.target.checked)}
                    />
                  }
                  label="Hardwood Floor"
                />
              )}
            />
          </Stack>
        </Box>

        <Stack direction="row" spacing={1.5}>
          <Button
            type="submit"
            variant="contained"
            // An unchanged address is not sent: an edit tells the company and, once paid, asks it
            // for a price.
            disabled={save.isPending || (address !== undefined && !isDirty)}
            startIcon={
              save.isPending ? <CircularProgress aria-hidden size={18} color="inherit" /> : null
            }
          >
            {address ? 'Update Address' : 'Add Address'}
          </Button>
          <Button
            component={RouterLink}
            to={requestDetailPath(requestId)}
            disabled={save.isPending}
          >
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The request's detail, and what keeps the form away when the request cannot take it. */
function AddressScreen({ mode }: { mode: 'add' | 'edit' }) {
  const { requestId = '', addressId = '' } = useParams();
  const id = Number(requestId);
  const detail = useQuery(requestDetailQueryOptions(id));
  const title = mode === 'add' ? 'Add Address' : 'Edit Address';

  let body: ReactNode;
  if (detail.isPending) {
    body = <PageLoader label="Loading request" />;
  } else if (detail.isError && !detail.data) {
    body = (
      <LoadError message={`Error Message: ${detail.error.message}`} onRetry={detail.refetch} />
    );
  } else {
    const data = detail.data;
    const addresses = data.request_address;
    const index = mode === 'edit' ? addresses.findIndex((a) => String(a.id) === addressId) : -1;
    if (!canEditRequestDetails(data.request)) {
      body = <Alert severity="info">The addresses of this request can no longer be changed.</Alert>;
    } else if (mode === 'edit' && index < 0) {
      body = <Alert severity="info">This address is not part of the request.</Alert>;
    } else if (mode === 'add' && !canAddAddress(addresses)) {
      body = <Alert severity="info">{`A request has at most ${MAX_ADDRESSES} addresses.`}</Alert>;
    } else {
      const position = mode === 'edit' ? index : addresses.length;
      body = (
        <AddressForm
          // A new form when the address itself changes (another one opened in the same screen).
          key={mode === 'edit' ? addressId : 'new'}
          detail={data}
          address={mode === 'edit' ? addresses[index] : undefined}
          letter={ADDRESS_LABELS[position] ?? String(position + 1)}
        />
      );
    }
  }

  return (
    <Page title={title} requestId={id}>
      {body}
    </Page>
  );
}

/** /dashboard/my-requests/add-address/{requestId}, and /add-address/{requestId}. */
export function AddAddressPage() {
  return <AddressScreen mode="add" />;
}

/** /dashboard/my-requests/edit-address/{requestId}/{addressId}, and at top level. */
export function EditAddressPage() {
  return <AddressScreen mode="edit" />;
}
