import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { toSpecDate, type MoveType, type OpenRequestsBody } from '@movehub/shared';

/*
 * Filters of the open requests (date, distance from the company's base, move size).
 * The API applies them, so that paging ("Show older requests") goes on within the filtered list
 * and a request outside the filters never loads.
 */

/** The form's values, as its inputs give them; '' for no bound. */
export interface OpenRequestFilters {
  /** YYYY-MM-DD, as the date input gives it. */
  date_from: string;
  date_to: string;
  /** A move size's id (get_move_type). */
  move_type: string;
  /** Miles from the company's base. */
  max_distance: string;
}

export const NO_FILTERS: OpenRequestFilters = {
  date_from: '',
  date_to: '',
  move_type: '',
  max_distance: '',
};

/** The distances offered, in miles. */
export const DISTANCE_CHOICES = [10, 25, 50, 100] as const;

export function hasFilters(filters: OpenRequestFilters): boolean {
  return Object.values(filters).some((value) => value !== '');
}

export type OpenRequestsFilterBody = Omit<NonNullable<OpenRequestsBody>, 'limit' | 'before_id'>;

/** The filters as open_requests takes them: dates as MM-DD-YYYY, numbers as numbers, blanks left out. */
export function toOpenRequestsFilterBody(filters: OpenRequestFilters): OpenRequestsFilterBody {
  return {
    ...(filters.date_from ? { date_from: toSpecDate(filters.date_from) } : {}),
    ...(filters.date_to ? { date_to: toSpecDate(filters.date_to) } : {}),
    ...(filters.move_type ? { move_type: Number(filters.move_type) } : {}),
    ...(filters.max_distance ? { max_distance: Number(filters.max_distance) } : {}),
  };
}

export interface OpenRequestsFilterBarProps {
  filters: OpenRequestFilters;
  onChange: (filters: OpenRequestFilters) => void;
  /** The move sizes to choose from (get_move_type); empty while they load. */
  moveTypes: readonly MoveType[];
}

export function OpenRequestsFilterBar({
  filters,
  onChange,
  moveTypes,
}: OpenRequestsFilterBarProps) {
  const set = (key: keyof OpenRequestFilters) => (event: { target: { value: string } }) =>
    onChange({ ...filters, [key]: event.target.value });
  return (
    <Stack
      component="form"
      role="search"
      aria-label="Filter open requests"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ mb: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
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
        label="Move size"
        select
        size="small"
        value={filters.move_type}
        onChange={set('move_type')}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">Any</MenuItem>
        {moveTypes.map((type) => (
          <MenuItem key={type.id} value={String(type.id)}>
            {type.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id="open-requests-max-distance"
        name="max_distance"
        label="Distance from base"
        select
        size="small"
        value={filters.max_distance}
        onChange={set('max_distance')}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">Any distance</MenuItem>
        {DISTANCE_CHOICES.map((miles) => (
          <MenuItem key={miles} value={String(miles)}>
            {`Within ${miles} mi`}
          </MenuItem>
        ))}
      </TextField>
      {hasFilters(filters) && (
        <Button type="button" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      )}
    </Stack>
  );
}
