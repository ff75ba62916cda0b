import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ServerAddress } from '@movehub/shared';
import { AddressCard } from './address-card';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The letter of the address at `index` (A, B, …), as the maps mark them. */
export const addressLetter = (index: number) => LETTERS[index] ?? String(index + 1);

/**
 * A maps search for an address: its coordinates when it has them (the exact door), else its
 * text. A Google Maps search URL rather than a geo: URI: iOS Safari does not open geo: at all,
 * while this URL opens the maps app on Android (and on iPhone when installed) and the maps
 * website everywhere else.
 */
export function mapsUrl(
  address: Pick<ServerAddress, 'latitude' | 'longitude' | 'complete_address'>,
): string {
  const query =
    address.latitude !== null && address.longitude !== null
      ? `${address.latitude},${address.longitude}`
      : address.complete_address;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/**
 * A request's addresses in the move's order, each as its address card (spec/request-lifecycle.md
 * §2 "Address cards": zip, unit, storage, lift type, flights, hardwood floor, parking and building
 * info): the one view of a request's addresses wherever a company, a foreman or a customer reads
 * them. `mapLinks` adds an 'Open in maps' link under each; `actions` adds a screen's own controls.
 */
export function RequestAddresses({
  addresses,
  headingLevel = 'h4',
  mapLinks = false,
  actions,
}: {
  addresses: readonly ServerAddress[];
  headingLevel?: 'h3' | 'h4' | 'h5';
  mapLinks?: boolean;
  actions?: (address: ServerAddress, letter: string) => ReactNode;
}) {
  return (
    <Stack spacing={1.5}>
      {addresses.map((address, index) => {
        const letter = addressLetter(index);
        return (
          <AddressCard
            key={address.id}
            address={address}
            letter={letter}
            headingLevel={headingLevel}
            actions={
              (mapLinks || actions) && (
                <>
                  {mapLinks && (
                    <Button
                      size="small"
                      variant="outlined"
                      href={mapsUrl(address)}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`Open ${address.complete_address} in maps`}
                      sx={{ mt: 1 }}
                    >
                      Open in maps
                    </Button>
                  )}
                  {actions?.(address, letter)}
                </>
              )
            }
          />
        );
      })}
    </Stack>
  );
}
