import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RequestDetail } from '@movehub/shared';
import { dollars } from '../../lib/format-money';
import { DetailLine } from '../../ui/detail-line';

/*
 * What a cancelled request's money did (decision 041), on its read-only detail: what the
 * Cancellation policy refunded to the card and what the company kept as its cancellation fee, as
 * the server's `cancellation` says it. The refund's and the payment's receipts are in the
 * documents below the timeline, and the timeline holds the refund's entry too.
 */

export const CANCELLED_TEXT = {
  heading: 'Refund',
  readOnly: 'This request was cancelled: it can no longer be changed.',
  refunded: 'Refunded to your card',
  kept: 'Kept by the company as its cancellation fee',
  pending:
    'Your refund is on its way: the payment provider has not confirmed it yet. It reaches your card within a few business days.',
  nothingPaid: 'Nothing was charged for this request, so there is nothing to refund.',
  nothingRefunded: 'Nothing was refunded: the move had already started when it was cancelled.',
} as const;

export function CancelledMoney({ detail }: { detail: RequestDetail }) {
  const money = detail.cancellation;
  const paid = money !== null && (money.refund_amount > 0 || money.kept_amount > 0);
  return (
    <Box component="section" aria-labelledby="cancelled-money-heading" sx={{ mt: 2 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {CANCELLED_TEXT.readOnly}
      </Typography>
      <Typography id="cancelled-money-heading" variant="subtitle1" component="h3">
        {CANCELLED_TEXT.heading}
      </Typography>
      {paid ? (
        <Stack spacing={0.25}>
          <DetailLine label={CANCELLED_TEXT.refunded}>
            <Box component="span" sx={{ fontWeight: 700 }}>
              {dollars(money.refund_amount)}
            </Box>
          </DetailLine>
          {money.kept_amount > 0 && (
            <DetailLine label={CANCELLED_TEXT.kept}>{dollars(money.kept_amount)}</DetailLine>
          )}
          {money.refund_amount === 0 && (
            <Typography variant="body2">{CANCELLED_TEXT.nothingRefunded}</Typography>
          )}
          {money.refund_pending && (
            <Alert severity="info" sx={{ mt: 1 }}>
              {CANCELLED_TEXT.pending}
            </Alert>
          )}
        </Stack>
      ) : (
        <Typography variant="body2">{CANCELLED_TEXT.nothingPaid}</Typography>
      )}
    </Box>
  );
}
