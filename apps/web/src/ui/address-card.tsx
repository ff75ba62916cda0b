import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { flightsLabel, type ServerAddress } from '@movehub/shared';
import { DetailLine } from './detail-line';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** spec/request-lifecycle.md §3: address_type 1 is the pick-up, anything else a drop-off. */
const PICK_UP_TYPE = 1;

function liftType(address: ServerAddress): string {
  if (address.is_stairs) return 'Stairs';
  if (address.is_elevator) return 'Elevator';
  return 'N/A';
}

/**
 * A request's stored address (spec/request-lifecycle.md §2 "Address cards"): zip (or N/A), unit
 * or apartment number, Storage yes/no, lift type, flights when stairs, hardwood floor, parking
 * and building info.
 */
export function AddressCard({
  address,
  letter,
  headingLevel = 'h4',
  actions,
}: {
  address: ServerAddress;
  letter: string;
  headingLevel?: 'h3' | 'h4' | 'h5';
  /** Controls under the details (the request detail's Edit and Delete). */
  actions?: ReactNode;
}) {
  const headingId = `address-${address.id}-heading`;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
    >
      <Avatar
        aria-hidden
        sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', width: 32, height: 32 }}
      >
        {letter}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          id={headingId}
          component={headingLevel}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {`${address.address_type === PICK_UP_TYPE ? 'Pick up' : 'Drop off'} ${letter}: ${address.complete_address}`}
        </Typography>
        <DetailLine label="Zip code">{address.zip_code || 'N/A'}</DetailLine>
        <DetailLine label="Unit / Apartment number">{address.apartment_number || 'N/A'}</DetailLine>
        {address.address_detail && (
          <DetailLine label="Address details">{address.address_detail}</DetailLine>
        )}
        <DetailLine label="Storage">{yesNo(address.is_storage)}</DetailLine>
        <DetailLine label="Lift type">{liftType(address)}</DetailLine>
        {address.is_stairs && (
          <DetailLine label="Flights">{flightsLabel(address.number_of_flights)}</DetailLine>
        )}
        <DetailLine label="Hardwood floor">{yesNo(address.is_hardwood_floor)}</DetailLine>
        <DetailLine label="Parking and building info">
          {address.parking_and_building_info || 'N/A'}
        </DetailLine>
        {actions}
      </Box>
    </Paper>
  );
}
