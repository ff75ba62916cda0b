import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { OpenRequest } from '@movehub/shared';

/*
 * Filters of the open requests (issue 15: date and move size), applied in the browser over the
 * pages already loaded: the API pages by id only, and its filters (with distance from the
 * company's base) are the marketplace API's next step. "Show older requests" brings more in.
 */

export interface OpenRequestFilters {
  /** YYYY-MM-DD, as the date input gives it; '' for no bound. */
  date_from: string;
  date_to: string;
  /** A move type's name as the requests carry it; '' for any. */
  move_type: string;
}

export const NO_FILTERS: OpenRequestFilters = { date_from: '', date_to: '', move_type: '' };

/** MM-DD-YYYY (the requests' s_date) → YYYY-MM-DD, which sorts as text; null when unreadable. */
function isoDate(sDate: string | null): string | null {
  const match = sDate ? /^(\d{2})-(\d{2})-(\d{4})$/.exec(sDate) : null;
  return match ? `${match[3]}-${match[1]}-${match[2]}` : null;
}

/** The requests the filters keep; a date bound drops a request without a readable date. */
export function filterOpenRequests(
  requests: readonly OpenRequest[],
  filters: OpenRequestFilters,
): OpenRequest[] {
  return requests.filter((request) => {
    if (filters.move_type && request.move_type !== filters.move_type) return false;
    if (filters.date_from || filters.date_to) {
      const date = isoDate(request.s_date);
      if (!date) return false;
      if (filters.date_from && date < filters.date_from) return false;
      if (filters.date_to && date > filters.date_to) return false;
    }
    return true;
  });
}

export interface OpenRequestsFilterBarProps {
  filters: OpenRequestFilters;
  onChange: (filters: OpenRequestFilters) => void;
  /** The move types among the loaded requests, to choose from. */
  moveTypes: readonly string[];
}

export function OpenRequestsFilterBar({
  filters,
  onChange,
  moveTypes,
}: OpenRequestsFilterBarProps) {
  const set = (key: keyof OpenRequestFilters) => (event: { target: { value: string } }) =>
    onChange({ ...filters, [key]: event.target.value });
  const active = filters.date_from !== '' || filters.date_to !== '' || filters.move_type !== '';
  return (
    <Stack
      component="form"
      role="search"
      aria-label="Filter open requests"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mb: 2, alignItems: { sm: 'center' } }}
      onSubmit={(event) => event.preventDefault()}
    >
      <TextField
        id="open-requests-date-from"
        name="date_from"
        label="Move date from"
        type="date"
        size="small"
        value={filters.date_from}
        onChange={set('date_from')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        id="open-requests-date-to"
        name="date_to"
        label="Move date to"
        type="date"
        size="small"
        value={filters.date_to}
        onChange={set('date_to')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        id="open-requests-move-type"
        name="move_type"
        label="Move type"
        select
        size="small"
        value={filters.move_type}
        onChange={set('move_type')}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">Any</MenuItem>
        {moveTypes.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
      {active && (
        <Button type="button" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      )}
    </Stack>
  );
}
