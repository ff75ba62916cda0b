import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import {
  QUANTITY_LIMIT_MESSAGE,
  QUANTITY_MAX,
  QUANTITY_MIN,
  quantityOverLimit,
  sanitizeQuantity,
  type QuantityContext,
} from '@movehub/shared';

interface QuantityFieldProps {
  id: string;
  value: number;
  onChange: (value: number) => void;
  /** Where the field is (spec §5 "Quantities"): its minimum and its reset value follow. */
  context: QuantityContext;
  /** The accessible name; it starts with the visible label 'Quantity'. */
  ariaLabel: string;
  /** The item's name, for the +/- buttons. */
  itemName?: string;
  /** Shows - and + buttons beside the field. */
  steppers?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
}

/**
 * A quantity typed as text (spec §5 "Quantities": 3 digits, no negatives, no decimals, a decimal
 * point resets the count). A number input would hide a typed '.' from the page, so the field is
 * text with a numeric keyboard and every keystroke is sanitised by the shared rule. While the
 * field is emptied it stays empty on screen (the count is already the minimum), so that a new
 * number can be typed; leaving it shows the minimum.
 */
export function QuantityField({
  id,
  value,
  onChange,
  context,
  ariaLabel,
  itemName,
  steppers = false,
  disabled = false,
  size = 'small',
}: QuantityFieldProps) {
  const [emptied, setEmptied] = useState(false);
  // A 4th digit is ignored (spec §9: 3 digits, cap 999); the field says so until the next edit.
  const [overLimit, setOverLimit] = useState(false);
  const min = QUANTITY_MIN[context];

  const field = (
    <TextField
      id={id}
      name="value"
      label="Quantity"
      size={size}
      value={emptied ? '' : String(value)}
      disabled={disabled}
      onChange={(event) => {
        const raw = event.target.value;
        setEmptied(raw.trim() === '');
        setOverLimit(quantityOverLimit(raw));
        onChange(sanitizeQuantity(raw, context));
      }}
      onBlur={() => {
        setEmptied(false);
        setOverLimit(false);
      }}
      error={overLimit}
      helperText={overLimit ? QUANTITY_LIMIT_MESSAGE : undefined}
      sx={{ width: steppers ? 88 : 104, flexShrink: 0 }}
      slotProps={{
        htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'aria-label': ariaLabel },
      }}
    />
  );
  if (!steppers) return field;

  const name = itemName ?? 'quantity';
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <IconButton
        aria-label={`Decrease ${name}`}
        size="small"
        disabled={disabled || value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        <RemoveIcon fontSize="small" />
      </IconButton>
      {field}
      <IconButton
        aria-label={`Increase ${name}`}
        size="small"
        disabled={disabled || value >= QUANTITY_MAX}
        onClick={() => onChange(Math.min(QUANTITY_MAX, value + 1))}
      >
        <AddIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
