import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { bidAmountSchema, bidMoversSchema, type OpenRequest } from '@movehub/shared';
import { dollars } from '../../lib/format-money';
import { useDialogMutation } from '../../lib/use-dialog-mutation';
import { FormDialog } from '../../ui/form-dialog';
import { usePlaceBid, useWithdrawBid } from './use-bid-mutations';
import { FormTextField } from '../../ui/form-text-field';

/**
 * The bid form validates with place_bid's own field schemas (packages/shared): the amount, and
 * movers 2–4 or left to the request's own count ('').
 */
const bidFormSchema = z.object({
  bid_amount: bidAmountSchema,
  movers: z.union([z.literal(''), bidMoversSchema]),
});
type BidFormInput = z.input<typeof bidFormSchema>;

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
  const myBid = request.my_bid;
  const place = useDialogMutation(usePlaceBid(), {
    onDone: onClose,
    successMessage: (response) =>
      `${myBid ? 'Your bid is now' : 'You bid'} ${dollars(response.data.bid_amount, { trimZeroCents: true })} on request #${request.id}.`,
  });
  const withdraw = useDialogMutation(useWithdrawBid(), {
    onDone: onClose,
    successMessage: () => `Your bid on request #${request.id} is withdrawn.`,
  });

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

  const busy = place.pending || withdraw.pending;
  // One refusal at a time: the one of the last thing tried.
  const onSubmit = handleSubmit((values) => {
    if (busy) return;
    withdraw.clearFailure();
    place.submit({
      request_id: request.id,
      bid_amount: values.bid_amount,
      ...(values.movers === '' ? {} : { movers: values.movers }),
    });
  });
  const onWithdraw = () => {
    place.clearFailure();
    withdraw.submit({ request_id: request.id });
  };

  const { ref: amountRef, ...amountField } = register('bid_amount');
  const { ref: moversRef, ...moversField } = register('movers');

  return (
    <FormDialog
      onClose={onClose}
      title={`${myBid ? 'Change your bid' : 'Place a bid'} on request #${request.id}`}
      titleId={`bid-dialog-title-${request.id}`}
      failure={place.failure ?? withdraw.failure}
      pending={busy}
      submitPending={place.pending}
      submitLabel={myBid ? 'Change bid' : 'Place bid'}
      onSubmit={onSubmit}
      secondaryAction={
        myBid && (
          <Button
            color="error"
            disabled={busy}
            onClick={onWithdraw}
            startIcon={
              withdraw.pending ? (
                <CircularProgress aria-hidden size={18} color="inherit" />
              ) : undefined
            }
            sx={{ mr: 'auto' }}
          >
            Withdraw bid
          </Button>
        )
      }
    >
      <Typography variant="body2" color="text.secondary">
        Customer&apos;s price:{' '}
        {dollars(request.customer_budget, { none: 'not given', trimZeroCents: true })}
        {' · '}
        Estimate: {dollars(request.recommend_amount, { none: 'none', trimZeroCents: true })}
      </Typography>
      <FormTextField
        {...amountField}
        inputRef={amountRef}
        id={`bid-amount-${request.id}`}
        label="Your bid (USD)"
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        autoComplete="off"
        fullWidth
        autoFocus
        fieldError={errors.bid_amount}
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
    </FormDialog>
  );
}
