import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { priceChangeBodySchema, type EditChangeType, type JobChange } from '@movehub/shared';
import { isApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { priceChange, refreshJob } from './job-detail-api';

type PriceFormInput = z.input<typeof priceChangeBodySchema>;
type PriceFormOutput = z.output<typeof priceChangeBodySchema>;

/**
 * Set the price of a customer's own edit of a paid direct request (decision 021): the
 * difference to the agreed price, negative for a saving, through price_change with the id the
 * job lists. The customer is then asked to accept it. A refusal (the customer edited again, so
 * this change is gone; it was priced already) stays in the dialog.
 */
export function PriceChangeDialog({
  requestId,
  change,
  onClose,
}: {
  requestId: number;
  change: JobChange & { type: EditChangeType };
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    handleSubmit,
    register,
    formState: { errors },
  } = useForm<PriceFormInput, unknown, PriceFormOutput>({
    resolver: zodResolver(priceChangeBodySchema),
    defaultValues: {
      request_id: requestId,
      type: change.type,
      change_id: change.change_id,
      price: '',
    },
  });
  const price = useMutation({
    mutationFn: priceChange,
    onMutate: () => setFailure(null),
    onSuccess: async (response) => {
      showToast(response.message, 'success');
      await refreshJob(queryClient);
      onClose();
    },
    onError: (error) => {
      setFailure(isApiError(error) ? error.message : UNEXPECTED_RESPONSE_MESSAGE);
      void refreshJob(queryClient);
    },
  });
  const busy = price.isPending;
  const submit = handleSubmit((values) => {
    if (!busy) price.mutate(values);
  });
  const titleId = `price-change-title-${change.change_id}`;

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>Set the price of this change</DialogTitle>
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <DialogContent>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <DialogContentText sx={{ mb: 2 }}>{change.summary}</DialogContentText>
          <TextField
            {...register('price')}
            id={`price-change-${change.change_id}`}
            label="Price difference (USD)"
            required
            fullWidth
            autoFocus
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            error={Boolean(errors.price)}
            helperText={
              errors.price?.message ??
              'Added to the agreed price; negative for a saving the customer gets back.'
            }
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={
              busy ? <CircularProgress aria-hidden size={18} color="inherit" /> : undefined
            }
          >
            Send price
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
