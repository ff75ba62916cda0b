import { memo, useCallback, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  canEditFlights,
  defaultMovers,
  isZipMissing,
  MSG,
  ZIP_CODE_PATTERN,
} from '@movehub/shared';
import { showToast } from '../../../lib/toast';
import { AddressBadge } from './address-icons';
import { Screen, type WizardAddress } from '../draft';
import { PrevNextBar } from '../prev-next-bar';
import { useServiceArea } from './use-service-area';
import { moveTypesQueryOptions } from '../../../lib/items/catalogue-api';
import { useWizard } from '../wizard-context';
import { FlightsField } from '../../../ui/flights-field';
import { LoadError } from '../../../ui/load-error';
import { textArea } from '../../../ui/text-area';

/** A zip typed here that is not five digits (spec §5 "Step 1"; the server takes US zips). */
export const ZIP_FORMAT_MESSAGE = 'The zip code must have 5 digits.';
const MOVE_TYPE_ID = 'wizard-move-type';

/** The message of an address's zip field once Next was pressed, or null. */
function zipProblem(address: WizardAddress): string | null {
  if (isZipMissing(address)) return MSG.zipForAddress;
  if (!ZIP_CODE_PATTERN.test(address.zip_code.trim())) return ZIP_FORMAT_MESSAGE;
  return null;
}

/** Step 1, location details (spec §2; §5 "Step 1"): the move size and each address's details. */
export function StepDetails() {
  const { draft, update, goTo, goBack, direct } = useWizard();
  const serviceArea = useServiceArea();
  const moveTypes = useQuery(moveTypesQueryOptions());
  const [attempted, setAttempted] = useState(false);
  const [checking, setChecking] = useState(false);
  // MUI's select hands its ref a handle whose focus() focuses the visible combobox.
  const moveTypeRef = useRef<{ focus: () => void } | null>(null);

  // Stable, so that typing in one card does not re-render the others.
  const setAddress = useCallback(
    (id: string, patch: Partial<WizardAddress>) =>
      update((current) => ({
        ...current,
        addressList: current.addressList.map((address) =>
          address.id === id ? { ...address, ...patch } : address,
        ),
      })),
    [update],
  );

  const chooseMoveType = (value: string) => {
    const moveType = moveTypes.data?.find((type) => String(type.id) === value);
    update((current) => ({
      ...current,
      moveType: moveType ? { id: moveType.id, name: moveType.name } : null,
      // spec §9: the movers default follows the move size.
      requestKeyValue: {
        ...current.requestKeyValue,
        movers: moveType ? defaultMovers(moveType.name) : current.requestKeyValue.movers,
      },
    }));
  };

  /**
   * spec §4: the service area covers every address of a non-direct request (§4 "Guards"), so a
   * zip typed here is checked like a place chosen at step 0 (whose answer is remembered). Returns
   * whether every zip is served; an unserved one opens the area-not-found popup.
   */
  const zipsServed = async (): Promise<boolean> => {
    if (direct !== null) return true;
    const zips = [...new Set(draft.addressList.map((address) => address.zip_code.trim()))];
    setChecking(true);
    try {
      for (const zip of zips) {
        if (!(await serviceArea.isServed(zip))) {
          const card = draft.addressList.find((address) => address.zip_code.trim() === zip);
          if (card) document.getElementById(`${card.id}-zip`)?.focus();
          return false;
        }
      }
      return true;
    } finally {
      setChecking(false);
    }
  };

  const next = async () => {
    if (checking) return;
    setAttempted(true);
    if (!draft.moveType) {
      showToast(MSG.selectMoveSize, 'error');
      moveTypeRef.current?.focus();
      return;
    }
    // spec §5: every address needs a zip, said in an error snack (a short one is no zip yet).
    const invalid = draft.addressList.find((address) => zipProblem(address) !== null);
    if (invalid) {
      showToast(MSG.zipForAddress, 'error');
      document.getElementById(`${invalid.id}-zip`)?.focus();
      return;
    }
    if (await zipsServed()) goTo(Screen.itemsOption);
  };

  const moveTypeError = attempted && !draft.moveType ? MSG.selectMoveSize : null;
  const options = moveTypes.data ?? [];

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Location details
      </Typography>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        {moveTypes.isError ? (
          <LoadError message="We could not load the move sizes." onRetry={moveTypes.refetch} />
        ) : (
          <TextField
            id={MOVE_TYPE_ID}
            inputRef={moveTypeRef}
            name="move_type"
            label="Move Size"
            select
            required
            // Until the list arrives the stored choice has no option to show.
            value={draft.moveType && options.length > 0 ? String(draft.moveType.id) : ''}
            onChange={(event) => chooseMoveType(event.target.value)}
            disabled={moveTypes.isPending}
            error={moveTypeError !== null}
            helperText={moveTypeError ?? ' '}
            sx={{ width: { xs: '100%', sm: 360 } }}
          >
            {options.map((type) => (
              <MenuItem key={type.id} value={String(type.id)}>
                {type.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Paper>

      <Stack spacing={3}>
        {draft.addressList.map((address) => (
          <AddressDetailsCard
            key={address.id}
            address={address}
            zipError={attempted ? zipProblem(address) : null}
            onChange={setAddress}
          />
        ))}
      </Stack>

      <PrevNextBar onPrev={goBack} onNext={() => void next()} />
      {serviceArea.dialog}
    </Box>
  );
}

interface AddressDetailsCardProps {
  address: WizardAddress;
  zipError: string | null;
  onChange: (id: string, patch: Partial<WizardAddress>) => void;
}

const AddressDetailsCard = memo(function AddressDetailsCard({
  address,
  zipError,
  onChange: onAddressChange,
}: AddressDetailsCardProps) {
  const id = (field: string) => `${address.id}-${field}`;
  const onChange = (patch: Partial<WizardAddress>) => onAddressChange(address.id, patch);
  const headingId = id('heading');
  const liftLabelId = id('lift-label');
  const stairs = canEditFlights(address.liftType);
  const text = address.address || address.formated_address;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      {/* Its own form, so that each card's 'liftType' radios are a group of their own. */}
      <form noValidate onSubmit={(event) => event.preventDefault()}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <AddressBadge label={address.label} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" id={headingId}>
              Address {address.label}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {text || 'No address entered'}
            </Typography>
          </Box>
        </Stack>

        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          }}
        >
          <TextField
            id={id('zip')}
            name="zip_code"
            label="Zip Code"
            required
            value={address.zip_code}
            onChange={(event) => {
              const zip = event.target.value.replace(/\D/g, '').slice(0, 5);
              onChange({ zip_code: zip, isZipEmpty: zip === '' });
            }}
            error={zipError !== null}
            helperText={zipError ?? ' '}
            autoComplete="postal-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
          />
          <TextField
            id={id('unit')}
            name="unitNumber"
            label="Unit Number"
            value={address.unitNumber}
            onChange={(event) => onChange({ unitNumber: event.target.value })}
            helperText=" "
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            id={id('details')}
            name="addressDetails"
            label="Address Details"
            value={address.addressDetails}
            onChange={(event) => onChange({ addressDetails: event.target.value })}
            {...textArea(2, { htmlInput: { maxLength: 1000 } })}
          />
          <TextField
            id={id('parking')}
            name="parkingInfo"
            label="Parking Info"
            value={address.parkingInfo}
            onChange={(event) => onChange({ parkingInfo: event.target.value })}
            {...textArea(2, { htmlInput: { maxLength: 1000 } })}
          />

          <FormControl>
            <FormLabel id={liftLabelId}>Lift Type</FormLabel>
            <RadioGroup
              row
              name="liftType"
              aria-labelledby={liftLabelId}
              value={address.liftType}
              onChange={(event) =>
                onChange({ liftType: event.target.value === 'stairs' ? 'stairs' : 'elevator' })
              }
            >
              <FormControlLabel value="elevator" control={<Radio />} label="Elevator" />
              <FormControlLabel value="stairs" control={<Radio />} label="Stairs" />
            </RadioGroup>
          </FormControl>

          <FlightsField
            id={id('flights')}
            flights={address.flights}
            editable={stairs}
            onChange={(flights) => onChange({ flights })}
          />

          <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <FormControlLabel
              control={
                <Checkbox
                  name="isStorage"
                  checked={address.isStorage}
                  onChange={(event) => onChange({ isStorage: event.target.checked })}
                />
              }
              label="Storage"
            />
            <FormControlLabel
              control={
                <Checkbox
                  name="isHardwoodFloor"
                  checked={address.isHardwoodFloor}
                  onChange={(event) => onChange({ isHardwoodFloor: event.target.checked })}
                />
              }
              label="Hardwood Floor"
            />
          </Stack>
        </Box>
      </form>
    </Paper>
  );
});
