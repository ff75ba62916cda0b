import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  availablePremadeWindows,
  defaultWindow,
  earliestMoveDate,
  endSlots,
  isWindowValid,
  moveDurationText,
  parseSpecDate,
  PREMADE_WINDOWS,
  premadeWindowFor,
  startSlots,
  toSpecDate,
  type TimeWindow,
} from '@movehub/shared';
import { formatTimeOfDay } from '../../../lib/format-date';
import { NativeSelectInput } from '../../../ui/native-select-input';
import { TextInput } from '../../../ui/text-input';
import type { TimeRange } from '../draft';
import { useHydrated } from '../../../lib/use-hydrated';

/*
 * spec/request-lifecycle.md §2 step 0, §5 "Step 0" and §9: the move date (earliest today, or
 * tomorrow from 22:00) and the start window in 30-minute slots, 'From' before 'To', 08:00–09:00
 * preselected on a later day, and the three premade windows. The rules are the shared ones
 * (rules/wizard-time); this component only shows them. The draft keeps the date as MM-DD-YYYY
 * (the payload's s_date) and the bounds as 'HH:mm'; the native date input speaks YYYY-MM-DD.
 */

export interface MoveDateTimeValue {
  /** MM-DD-YYYY, or '' before a date is chosen. */
  date: string;
  timeRange: TimeRange;
}

interface MoveDateTimeProps {
  value: MoveDateTimeValue;
  onChange: (next: MoveDateTimeValue) => void;
  /** The step's "date and window required" message, shown under the date once Next was tried. */
  error: string | null;
  /** Read at each render, so a page left open past 22:00 moves the earliest date. */
  now: Date;
}

/** YYYY-MM-DD of a local calendar day, for the native date input. */
function inputDay(date: Date): string {
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${mm}-${dd}`;
}

/** The native input's YYYY-MM-DD → local midnight of that day. */
function parseInputDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  return parseSpecDate(`${match[2]}-${match[3]}-${match[1]}`);
}

function timeRange(from: string, to: string): TimeRange {
  return {
    move_duration: from && to ? moveDurationText(from, to) : '',
    start_window_from: from,
    start_window_to: to,
  };
}

function slotText(slot: string): string {
  return formatTimeOfDay(slot);
}

export function MoveDateTime({ value, onChange, error, now }: MoveDateTimeProps) {
  const hydrated = useHydrated();
  const day = parseSpecDate(value.date);
  const draftDay = day ? inputDay(day) : '';
  // What the date field shows is kept here, not read back from the draft: a year typed digit by
  // digit passes through days that are no date (0002-12-03), which the draft holds as none, and
  // showing that would clear the field under the keyboard. A date set from elsewhere (a restored
  // draft, an edit from the summary) replaces it.
  const [typed, setTyped] = useState(draftDay);
  const reported = useRef(draftDay);
  useEffect(() => {
    if (draftDay === reported.current) return;
    reported.current = draftDay;
    setTyped(draftDay);
  }, [draftDay]);
  const from = value.timeRange.start_window_from;
  const to = value.timeRange.start_window_to;
  const current: TimeWindow = { from, to };

  const fromOptions = day ? startSlots(day, now) : [];
  // A restored 'From' that the day no longer offers (today's past hours) counts as none.
  const shownFrom = fromOptions.includes(from) ? from : '';
  const toOptions = shownFrom ? endSlots(shownFrom) : [];
  const premade = day ? availablePremadeWindows(day, now).map((w) => w.label) : [];
  const chosenPremade = premadeWindowFor(current)?.label ?? null;

  const changeDate = (input: string) => {
    setTyped(input);
    const chosen = parseInputDay(input);
    reported.current = chosen ? inputDay(chosen) : '';
    if (!chosen) {
      // The window stays: a date picked again keeps it when it still fits.
      onChange({ date: '', timeRange: value.timeRange });
      return;
    }
    // A window that fits the new day stays; otherwise the day's default (08:00–09:00 later on).
    const keep = from !== '' && to !== '' && isWindowValid(current, chosen, now);
    const preset = keep ? null : defaultWindow(chosen, now);
    onChange({
      date: toSpecDate(chosen),
      timeRange: preset ? timeRange(preset.from, preset.to) : value.timeRange,
    });
  };

  const changeFrom = (nextFrom: string) => {
    // spec §9 "end options follow the chosen start": a 'To' that no longer follows is reset.
    const nextTo = endSlots(nextFrom).includes(to) ? to : '';
    onChange({ date: value.date, timeRange: timeRange(nextFrom, nextTo) });
  };

  const invalid = error !== null;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TextInput
          id="move-date"
          name="date"
          label="Move Date"
          type="date"
          value={typed}
          onChange={(event) => changeDate(event.target.value)}
          error={invalid}
          helperText={error ?? undefined}
          required
          shrink
          // Today's date as the page is opened, not as the build drew it (decision 034).
          min={hydrated ? inputDay(earliestMoveDate(now)) : undefined}
        />
      </Box>
      <NativeSelectInput
        id="move-window-from"
        name="start_window_from"
        label="From"
        value={shownFrom}
        onChange={(event) => changeFrom(event.target.value)}
        disabled={!day}
        error={invalid && shownFrom === ''}
        required
      >
        <option value="">Select</option>
        {fromOptions.map((slot) => (
          <option key={slot} value={slot}>
            {slotText(slot)}
          </option>
        ))}
      </NativeSelectInput>
      <NativeSelectInput
        id="move-window-to"
        name="start_window_to"
        label="To"
        value={toOptions.includes(to) ? to : ''}
        onChange={(event) =>
          onChange({ date: value.date, timeRange: timeRange(from, event.target.value) })
        }
        disabled={shownFrom === ''}
        error={invalid && !toOptions.includes(to)}
        required
      >
        <option value="">Select</option>
        {toOptions.map((slot) => (
          <option key={slot} value={slot}>
            {slotText(slot)}
          </option>
        ))}
      </NativeSelectInput>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Typography id="premade-windows-label" variant="body2" sx={{ mb: 0.5 }}>
          Or choose a window
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={chosenPremade}
          onChange={(_event, label: string | null) => {
            const window = PREMADE_WINDOWS.find((w) => w.label === label);
            // Pressing the chosen window again keeps it: the window is required.
            if (window)
              onChange({ date: value.date, timeRange: timeRange(window.from, window.to) });
          }}
          aria-labelledby="premade-windows-label"
          // One row of equal buttons at every width: on a phone a label takes two lines
          // ("8AM - 12PM" over "Morning") instead of a button falling alone to a second row.
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(3, 1fr)',
            '& > *': { lineHeight: 1.25 },
          }}
        >
          {PREMADE_WINDOWS.map((w) => (
            <ToggleButton key={w.label} value={w.label} disabled={!premade.includes(w.label)}>
              {w.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
    </Box>
  );
}
