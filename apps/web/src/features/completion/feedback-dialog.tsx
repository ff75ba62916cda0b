import { useId, useState, type FormEvent } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FEEDBACK_TEXT,
  MAX_COMMENT_LENGTH,
  RATING_STEP,
  TIP_PERCENTS,
  formatUsd,
  isValidRating,
  parseCustomTipCents,
  tipCents,
  toCents,
  type TipPercent,
} from '@movehub/shared';
import { useDialogMutation } from '../../lib/use-dialog-mutation';
import { FormDialog } from '../../ui/form-dialog';
import { useAddFeedback } from './use-add-feedback';
import { textArea } from '../../ui/text-area';

/** A tip choice: one of the spec's percentages, or a custom amount (spec §9). */
type TipChoice = `${TipPercent}` | 'other';
const OTHER = 'other';
/** Whole dollars in the custom field: digits only, so no sign, point or exponent gets in. */
const MAX_TIP_DIGITS = 6;

export interface FeedbackDialogProps {
  open: boolean;
  requestId: number;
  /** The accepted price in dollars and its discount percent: tips are on the discounted price. */
  finalAmount: number | null;
  discount: number;
  onClose: () => void;
  /** After the feedback was stored. */
  onDone: () => void;
}

/**
 * The feedback modal (spec/request-lifecycle.md §2 "Confirm complete"): 'Feedback',
 * 'Request #{id}', 'How was your move?', the comment, stars at .5 precision and the tip choices
 * 0% / 12% / 15% / 20% / other (§9: on the final amount after discount, whole dollars; a custom
 * amount in whole dollars, no negatives). add_feedback stores it and charges the tip; a failure
 * (a declined card) shows the server's message and keeps the form.
 */
export function FeedbackDialog({
  open,
  requestId,
  finalAmount,
  discount,
  onClose,
  onDone,
}: FeedbackDialogProps) {
  const ids = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [choice, setChoice] = useState<TipChoice>('0');
  const [custom, setCustom] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; tip?: string }>({});
  const finalCents = toCents(finalAmount ?? 0);
  // What follows a stored feedback is the screen's (back to My Requests), not a toast.
  const submit = useDialogMutation(useAddFeedback(requestId), {
    onDone,
    successMessage: () => null,
  });

  const tipOf = (c: TipChoice): number | null => {
    if (c !== OTHER) return tipCents(finalCents, discount, Number(c) as TipPercent);
    return custom === '' ? null : parseCustomTipCents(custom);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (rating === null || !isValidRating(rating)) next.rating = FEEDBACK_TEXT.ratingRequired;
    const tip = tipOf(choice);
    if (tip === null || tip % 100 !== 0) next.tip = FEEDBACK_TEXT.tipAmountRequired;
    setErrors(next);
    if (next.rating || next.tip || rating === null || tip === null) return;
    submit.submit({ request_id: requestId, rating, comment: comment.trim(), tip: tip / 100 });
  };

  const busy = submit.pending;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Feedback"
      description={
        <Typography component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
          Request #{requestId}
        </Typography>
      }
      failure={submit.failure}
      pending={busy}
      submitLabel="Submit"
      onSubmit={onSubmit}
      maxWidth="sm"
    >
      <FormControl component="fieldset" error={Boolean(errors.rating)} sx={{ display: 'block' }}>
        <FormLabel component="legend" id={`${ids}-rating`}>
          How was your move?
        </FormLabel>
        <Rating
          name="rating"
          precision={RATING_STEP}
          value={rating}
          onChange={(_event, value) => {
            setRating(value);
            if (value !== null) setErrors((e) => ({ ...e, rating: undefined }));
          }}
          size="large"
          disabled={busy}
          sx={{ mt: 0.5 }}
        />
        {errors.rating && <FormHelperText>{errors.rating}</FormHelperText>}
      </FormControl>
      <TextField
        name="comment"
        label="Comments"
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        {...textArea(3, { htmlInput: { maxLength: MAX_COMMENT_LENGTH } })}
        fullWidth
        disabled={busy}
      />
      <FormControl component="fieldset" error={Boolean(errors.tip)} sx={{ display: 'block' }}>
        <FormLabel component="legend">Tip</FormLabel>
        <RadioGroup
          row
          name="tip_choice"
          value={choice}
          onChange={(event) => {
            setChoice(event.target.value as TipChoice);
            setErrors((e) => ({ ...e, tip: undefined }));
          }}
        >
          {TIP_PERCENTS.map((percent) => (
            <FormControlLabel
              key={percent}
              value={String(percent)}
              control={<Radio />}
              disabled={busy}
              label={`${percent}% (${formatUsd(tipCents(finalCents, discount, percent), { trimZeroCents: true })})`}
            />
          ))}
          <FormControlLabel value={OTHER} control={<Radio />} disabled={busy} label="Other" />
        </RadioGroup>
        {choice === OTHER && (
          <TextField
            name="tip"
            label="Tip amount ($)"
            value={custom}
            onChange={(event) => {
              // spec §5: numbers only, no negatives; whole dollars (§9).
              setCustom(event.target.value.replace(/\D/g, '').slice(0, MAX_TIP_DIGITS));
              setErrors((e) => ({ ...e, tip: undefined }));
            }}
            autoFocus
            disabled={busy}
            error={Boolean(errors.tip)}
            helperText={errors.tip ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
            sx={{ mt: 1, maxWidth: 220 }}
          />
        )}
        {choice !== OTHER && errors.tip && <FormHelperText>{errors.tip}</FormHelperText>}
      </FormControl>
    </FormDialog>
  );
}
