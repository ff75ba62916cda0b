import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import ApartmentIcon from '@mui/icons-material/Apartment';
import BusinessIcon from '@mui/icons-material/Business';
import FlagIcon from '@mui/icons-material/Flag';
import HomeIcon from '@mui/icons-material/Home';
import StorefrontIcon from '@mui/icons-material/Storefront';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import type { AddressLabel } from '@movehub/shared';

/*
 * spec/request-lifecycle.md §2 step 0: "labels A to F, each with a distinct icon". The same icon
 * and colour mark the address card and its map marker, so the two read as one. Every colour
 * carries white text at 4.5:1 or more (the marker prints its letter on it).
 */

export interface AddressLook {
  Icon: ComponentType<SvgIconProps>;
  color: string;
}

export const ADDRESS_LOOKS: Record<AddressLabel, AddressLook> = {
  A: { Icon: HomeIcon, color: '#2e7d32' },
  B: { Icon: FlagIcon, color: '#c62828' },
  C: { Icon: ApartmentIcon, color: '#1565c0' },
  D: { Icon: BusinessIcon, color: '#6a1b9a' },
  E: { Icon: StorefrontIcon, color: '#bf360c' },
  F: { Icon: WarehouseIcon, color: '#00695c' },
};

/** The coloured icon and letter of an address: on its card and as its map marker. */
export function AddressBadge({
  label,
  size = 'medium',
}: {
  label: AddressLabel;
  size?: 'small' | 'medium';
}) {
  const { Icon, color } = ADDRESS_LOOKS[label];
  const small = size === 'small';
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        px: small ? 0.75 : 1,
        py: small ? 0.25 : 0.5,
        borderRadius: 999,
        bgcolor: color,
        color: '#ffffff',
        fontWeight: 700,
        fontSize: small ? 14 : 16,
        lineHeight: 1,
        border: '2px solid #ffffff',
        boxShadow: 1,
        whiteSpace: 'nowrap',
      }}
    >
      <Icon aria-hidden fontSize={small ? 'small' : 'medium'} />
      <span>{label}</span>
    </Box>
  );
}
