import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import TextField from '@mui/material/TextField';
import { priceChangeBodySchema, type EditChangeType, type JobChange } from '@movehub/shared';
import { useDialogMutation } from '../../lib/use-dialog-mutation';
import { FormDialog } from '../../ui/form-dialog';
import { usePriceChange } from './use-job-mutations';

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
  const price = useDialogMutation(usePriceChange(), { onDone: onClose });
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

  return (
    <FormDialog
      onClose={onClose}
      title="Set the price of this change"
      titleId={`price-change-title-${change.change_id}`}
      description={change.summary}
      failure={price.failure}
      pending={price.pending}
      submitLabel="Send price"
      onSubmit={handleSubmit(price.submit)}
    >
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
    </FormDialog>
  );
}
