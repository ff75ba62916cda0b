import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  bidAmountSchema,
  bidMoversSchema,
  formatUsd,
  toCents,
  type OpenRequest,
} from '@movehub/shared';
import { isApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { marketKeys, placeBid, withdrawBid } from './market-api';

/**
 * The bid form validates with place_bid's own field schemas (packages/shared): the amount, and
 * movers 2–4 or left to the request's own count ('').
 */
const bidFormSchema = z.object({
  bid_amount: bidAmountSchema,
  movers: z.union([z.literal(''), bidMoversSchema]),
});
type BidFormInput = z.input<typeof bidFormSchema>;

const dollars = (amount: number) => formatUsd(toCents(amount), { trimZeroCents: true });

export interface BidDialogProps {
  request: OpenRequest;
  onClose: () => void;
}

/**
 * Place, change or withdraw the company's bid on one open request. The server's
 * refusal (the request was taken meanwhile, it left the company's area) is shown in the dialog;
 * whatever happened, the list is fetched again so it shows the request as it now is.
 */
export function BidDialog({ request, onClose }: BidDialogProps) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const myBid = request.my_bid;

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BidFormInput, unknown, z.output<typeof bidFormSchema>>({
    resolver: zodResolver(bidFormSchema),
    defaultValues: {
      bid_amount: myBid ? String(myBid.bid_amount) : '',
      movers: myBid?.movers ? String(myBid.movers) : '',
    },
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: marketKeys.openRequests });
  const failed = (error: unknown) => {
    setFailure(isApiError(error) ? error.message : UNEXPECTED_RESPONSE_MESSAGE);
    void refresh();
  };

  const place = useMutation({
    mutationFn: placeBid,
    onMutate: () => setFailure(null),
    onSuccess: async (response) => {
      showToast(
        `${myBid ? 'Your bid is now' : 'You bid'} ${dollars(response.data.bid_amount)} on request #${request.id}.`,
        'success',
      );
      await refresh();
      onClose();
    },
    onError: failed,
  });
  const withdraw = useMutation({
    mutationFn: withdrawBid,
    onMutate: () => setFailure(null),
    onSuccess: async () => {
      showToast(`Your bid on request #${request.id} is withdrawn.`, 'success');
      await refresh();
      onClose();
    },
    onError: failed,
  });

  const busy = place.isPending || withdraw.isPending;
  const onSubmit = handleSubmit((values) => {
    if (busy) return;
    place.mutate({
      request_id: request.id,
      bid_amount: values.bid_amount,
      ...(values.movers === '' ? {} : { movers: values.movers }),
    });
  });

  const { ref: amountRef, ...amountField } = register('bid_amount');
  const { ref: moversRef, ...moversField } = register('movers');
  const titleId = `bid-dialog-title-${request.id}`;

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>
        {myBid ? 'Change your bid' : 'Place a bid'} on request #{request.id}
      </DialogTitle>
      <form noValidate onSubmit={onSubmit} aria-busy={busy}>
        <DialogContent>
          <Stack spacing={2.5}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <Typography variant="body2" color="text.secondary">
              Customer&apos;s price:{' '}
              {request.customer_budget === null ? 'not given' : dollars(request.customer_budget)}
              {' · '}
              Estimate:{' '}
              {request.recommend_amount === null ? 'none' : dollars(request.recommend_amount)}
            </Typography>
            <TextField
              {...amountField}
              inputRef={amountRef}
              id={`bid-amount-${request.id}`}
              label="Your bid (USD)"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              autoComplete="off"
              fullWidth
              autoFocus
              error={Boolean(errors.bid_amount)}
              helperText={errors.bid_amount?.message}
            />
            <TextField
              {...moversField}
              inputRef={moversRef}
              id={`bid-movers-${request.id}`}
              select
              label="Movers"
              fullWidth
              defaultValue={myBid?.movers ? String(myBid.movers) : ''}
              error={Boolean(errors.movers)}
              helperText={
                errors.movers?.message ??
                `Leave it as requested (${request.movers ?? 'not set'}) or offer 2, 3 or 4.`
              }
            >
              <MenuItem value="">As requested</MenuItem>
              <MenuItem value="2">2 movers</MenuItem>
              <MenuItem value="3">3 movers</MenuItem>
              <MenuItem value="4">4 movers</MenuItem>
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {myBid && (
            <Button
              color="error"
              disabled={busy}
              onClick={() => withdraw.mutate({ request_id: request.id })}
              startIcon={
                withdraw.isPending ? (
                  <CircularProgress aria-hidden size={18} color="inherit" />
                ) : undefined
              }
              sx={{ mr: 'auto' }}
            >
              Withdraw bid
            </Button>
          )}
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={
              place.isPending ? (
                <CircularProgress aria-hidden size={18} color="inherit" />
              ) : undefined
            }
          >
            {myBid ? 'Change bid' : 'Place bid'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
