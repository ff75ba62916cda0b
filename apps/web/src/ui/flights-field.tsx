import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import {
  FLIGHTS_LIMIT_MESSAGE,
  flightsLabel,
  flightsOverLimit,
  GROUND_FLOOR_LABEL,
  MAX_FLIGHTS,
  sanitizeFlights,
} from '@movehub/shared';

/**
 * spec §5 "Step 1": flights cannot go below 0 and are editable only when stairs is chosen;
 * 0 shows 'Ground Floor'. The wizard's location details and the address edit screens use it.
 */
export function FlightsField({
  id,
  name = 'flights',
  flights,
  editable,
  onChange,
}: {
  id: string;
  /** The input's name: the wizard's 'flights', the wire's 'number_of_flights'. */
  name?: string;
  flights: number;
  editable: boolean;
  onChange: (flights: number) => void;
}) {
  // A typed count over the limit is kept at MAX_FLIGHTS, and the field says why.
  const [overLimit, setOverLimit] = useState(false);
  const change = (next: number | string) => {
    setOverLimit(flightsOverLimit(next));
    onChange(sanitizeFlights(next));
  };
  const helper = !editable
    ? 'Choose stairs to enter flights.'
    : overLimit
      ? FLIGHTS_LIMIT_MESSAGE
      : flightsLabel(flights) === GROUND_FLOOR_LABEL
        ? GROUND_FLOOR_LABEL
        : ' ';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <IconButton
        aria-label="Decrease flights"
        disabled={!editable || flights <= 0}
        onClick={() => change(flights - 1)}
        sx={{ mt: 1 }}
      >
        <RemoveIcon />
      </IconButton>
      <TextField
        id={id}
        name={name}
        label="Flights"
        type="number"
        value={String(flights)}
        disabled={!editable}
        onChange={(event) => change(event.target.value)}
        helperText={helper}
        error={editable && overLimit}
        sx={{ flex: 1, minWidth: 0 }}
        slotProps={{
          htmlInput: { min: 0, max: MAX_FLIGHTS, step: 1, inputMode: 'numeric' },
          // The hint must stay readable (contrast) while the field itself is disabled.
          formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
        }}
      />
      <IconButton
        aria-label="Increase flights"
        disabled={!editable || flights >= MAX_FLIGHTS}
        onClick={() => change(flights + 1)}
        sx={{ mt: 1 }}
      >
        <AddIcon />
      </IconButton>
    </Stack>
  );
}
