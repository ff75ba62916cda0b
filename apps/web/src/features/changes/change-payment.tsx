import { useEffect, useId, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatUsd, MSG, toCents } from '@movehub/shared';
import { SavedCardList } from '../../lib/card-form/saved-card-list';
import { savedCardsQueryOptions } from '../../lib/card-form/cards-api';
import { myCardsPath } from '../../lib/card-form/my-cards-path';
import { DetailLine } from '../../ui/detail-line';

/*
 * The payment step inside the change screen (spec/request-lifecycle.md §2 "A payment step appears
 * inside when a price change must be paid", §4 "Change confirmations"): the saved card and the
 * amount; its button reads 'Submit payment to escrow' when the amount is above 0, else 'Refund
 * payment from escrow', and confirms the change with status '1' and the amount.
 */

export const PAYMENT_TEXT = {
  title: 'Payment',
  pay: 'Submit payment to escrow',
  refund: 'Refund payment from escrow',
  back: 'Back',
  charged: 'Amount charged to your card into escrow',
  refunded: 'Amount refunded to you from escrow',
} as const;

/** spec §4: the button's text by the amount's sign. */
export function paymentButtonText(price: number): string {
  return toCents(price) > 0 ? PAYMENT_TEXT.pay : PAYMENT_TEXT.refund;
}

export interface ChangePaymentProps {
  /** The change's price in dollars: charged above 0, refunded below. */
  price: number;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}

export function ChangePayment({ price, busy, onConfirm, onBack }: ChangePaymentProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The step replaces the Accept button the customer pressed: focus moves to its heading so that
  // a keyboard or screen-reader user carries on from there.
  useEffect(() => headingRef.current?.focus(), []);
  const cards = useQuery(savedCardsQueryOptions());
  const { pathname } = useLocation();
  const cents = toCents(price);
  const charge = cents > 0;
  // A refund goes back from the escrow; only a charge needs a card.
  const noCard = charge && cards.isSuccess && cards.data.length === 0;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        variant="h6"
        component="h2"
        sx={{ mb: 1, '&:focus': { outline: 'none' } }}
      >
        {PAYMENT_TEXT.title}
      </Typography>
      <Stack spacing={2}>
        {noCard && (
          <Alert severity="error">
            {MSG.noActiveCard} {/* Back to this change once the card is saved (decision 041). */}
            <Link component={RouterLink} to={myCardsPath(pathname)}>
              Add Card
            </Link>
          </Alert>
        )}
        <Box role="group" aria-label="Saved Card">
          <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
            Saved Card
          </Typography>
          <SavedCardList cards={cards} />
        </Box>
        <DetailLine label={charge ? PAYMENT_TEXT.charged : PAYMENT_TEXT.refunded}>
          <Box component="span" sx={{ fontWeight: 700 }}>
            {formatUsd(Math.abs(cents))}
          </Box>
        </DetailLine>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button onClick={onBack} disabled={busy}>
            {PAYMENT_TEXT.back}
          </Button>
          <Button
            variant="contained"
            onClick={onConfirm}
            disabled={busy || (charge && (!cards.isSuccess || noCard))}
            startIcon={
              busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined
            }
          >
            {paymentButtonText(price)}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
