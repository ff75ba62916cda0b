import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import type { SavedCard } from '@movehub/shared';
import { visuallyHidden } from '../../ui/visually-hidden';

/** spec/portal.md §2: card brands with icons are Visa, MasterCard and other. */
export type BrandKind = 'visa' | 'mastercard' | 'other';

/**
 * The sandbox names brands as cardBrand does ('Visa', 'MasterCard', 'American Express'); Stripe
 * says 'Visa', 'MasterCard', 'American Express', 'Unknown'. Both map onto the spec's three icons.
 */
export function brandKind(brand: string): BrandKind {
  const name = brand.toLowerCase().replace(/[^a-z]/g, '');
  if (name === 'visa') return 'visa';
  if (name === 'mastercard') return 'mastercard';
  return 'other';
}

/** The brand as a person reads it; an unknown brand is just a card. */
export function brandLabel(brand: string): string {
  const kind = brandKind(brand);
  if (kind === 'visa') return 'Visa';
  if (kind === 'mastercard') return 'MasterCard';
  const trimmed = brand.trim();
  return trimmed && !/^(other|unknown)$/i.test(trimmed) ? trimmed : 'Card';
}

/** '12/34' from exp_month 12 and exp_year 2034. */
export function formatExpiry(card: Pick<SavedCard, 'exp_month' | 'exp_year'>): string {
  const month = String(card.exp_month).padStart(2, '0');
  const year = String(card.exp_year % 100).padStart(2, '0');
  return `${month}/${year}`;
}

/** Only the last digits are ever displayed (spec/portal.md §2). */
export const maskedNumber = (last4: string) => `•••• ${last4}`;

const ICON_SX = { width: 48, height: 32, flexShrink: 0, display: 'block' } as const;

/**
 * The brand's mark, drawn inline (no image request, crisp at any size). It is an image named by
 * the brand, so a screen reader hears "Visa" where a sighted customer sees the logo.
 */
export function CardBrandIcon({ brand }: { brand: string }) {
  const label = brandLabel(brand);
  const kind = brandKind(brand);

  if (kind === 'visa') {
    return (
      <Box component="svg" viewBox="0 0 48 32" role="img" aria-label={label} sx={ICON_SX}>
        <rect width="48" height="32" rx="4" fill="#1a1f71" />
        <text
          x="24"
          y="21"
          textAnchor="middle"
          fontFamily="Arial, Helvetica, sans-serif"
          fontSize="14"
          fontStyle="italic"
          fontWeight="700"
          fill="#ffffff"
        >
          VISA
        </text>
      </Box>
    );
  }

  if (kind === 'mastercard') {
    return (
      <Box component="svg" viewBox="0 0 48 32" role="img" aria-label={label} sx={ICON_SX}>
        <rect width="48" height="32" rx="4" fill="#252525" />
        <circle cx="19" cy="16" r="9" fill="#eb001b" />
        <circle cx="29" cy="16" r="9" fill="#f79e1b" />
        <path d="M24 8.4a9 9 0 0 1 0 15.2a9 9 0 0 1 0-15.2z" fill="#ff5f00" />
      </Box>
    );
  }

  return (
    <Box
      role="img"
      aria-label={label}
      sx={{
        ...ICON_SX,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        borderRadius: 1,
        bgcolor: 'action.selected',
        color: 'text.secondary',
      }}
    >
      <CreditCardIcon aria-hidden />
    </Box>
  );
}

/** A saved card as the payment screens list it (spec §2 Payment): brand and last digits only. */
export function SavedCardLine({ card }: { card: SavedCard }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <CardBrandIcon brand={card.brand} />
      <Box>
        <Typography>
          <Box component="span" sx={visuallyHidden}>
            {`${brandLabel(card.brand)} card ending in ${card.last4}`}
          </Box>
          <span aria-hidden="true">{maskedNumber(card.last4)}</span>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Expires {formatExpiry(card)}
        </Typography>
      </Box>
    </Stack>
  );
}
