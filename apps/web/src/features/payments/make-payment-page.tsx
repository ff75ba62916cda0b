import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  canMakePayment,
  isConfirmedByCustomer,
  isPaidIntoEscrow,
  effectiveTimeline,
  formatUsd,
  MSG,
  paymentBreakdown,
  TIP_PERCENTS,
  tipCents,
  toCents,
  toDollars,
  type PaymentBreakdown,
  type RequestDetail,
} from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { SavedCardList } from '../../lib/card-form/saved-card-list';
import { savedCardsQueryOptions } from '../../lib/card-form/cards-api';
import { myCardsPath } from '../../lib/card-form/my-cards-path';
import { showToast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { MY_REQUESTS_PATH, requestDetailPath } from '../../lib/request-paths';
import { DetailLine } from '../../ui/detail-line';
import { LoadError } from '../../ui/load-error';
import { PageLoader } from '../../ui/page-loader';
import { wasPaidInSession } from './paid-in-session';
import { isCardDeclined, paymentRequestQueryOptions } from './payments-api';
import { useMakePayment } from './use-make-payment';
import { Section } from '../../ui/section';

/** spec §5 "Payment: Agree to terms must be ticked." (the spec gives no message; ours). */
export const AGREE_TERMS_REQUIRED = 'Please tick Agree to terms to pay.';
export const PAID_TEXT = 'Your payment is held in escrow until you confirm the move.';
/** Ours: the payment screen of a request paid here whose move was since confirmed. */
export const RELEASED_TEXT = (company: string | null) =>
  `You confirmed the move and your payment was released to ${company ?? 'the moving company'}.`;
/** Ours: after a declined charge, the way to another card (decision 041). */
export const ANOTHER_CARD = 'Use another card';

const paymentPath = (requestId: number) => `/dashboard/my-requests/make-payment/${requestId}`;

/**
 * /dashboard/my-requests/make-payment/{requestId} (spec/request-lifecycle.md §2 Payment, §4
 * guards, §8, §9): the saved card, the final and discounted price, the processing fee and the
 * total, the tip and terms area with 'Agree to terms', and the pay button. Only at status 2: any
 * other status goes back to My Requests, except a request paid in this session, which shows the
 * payment's success (the Back button after paying lands here).
 */
export function MakePaymentPage() {
  useDocumentTitle('Make Payment');
  const { requestId = '' } = useParams();
  // A malformed id is the server's to refuse: its message shows like any other load failure.
  const id = Number(requestId);
  const detail = useQuery(paymentRequestQueryOptions(id));

  let body;
  if (detail.isPending) {
    body = <PageLoader label="Loading request" />;
  } else if (detail.isError && !detail.data) {
    body = (
      <LoadError message={`Error Message: ${detail.error.message}`} onRetry={detail.refetch} />
    );
  } else {
    const data = detail.data;
    const timeline = effectiveTimeline(data.request.request_timeline_status, data.status);
    // Paid in this session: the success state, unless the request has since been cancelled.
    const paidHere = wasPaidInSession(data.request.id) && isPaidIntoEscrow(timeline);
    if (!canMakePayment(timeline, paidHere)) {
      return <Navigate to={MY_REQUESTS_PATH} replace />;
    }
    body = canMakePayment(timeline) ? (
      <PaymentForm detail={data} />
    ) : (
      <PaymentDone
        requestId={data.request.id}
        released={isConfirmedByCustomer(timeline)}
        company={data.bid_Accepted_company?.name ?? null}
      />
    );
  }

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Make Payment
      </Typography>
      {body}
    </Box>
  );
}

/**
 * The payment made in this session: held in escrow until the move is confirmed, then released
 * to the company (the screen says which, not the escrow of a payment that has left it).
 */
function PaymentDone({
  requestId,
  released,
  company,
}: {
  requestId: number;
  released: boolean;
  company: string | null;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {released ? 'Payment released' : 'Payment successful'}
      </Typography>
      <Alert severity="success" sx={{ mb: 2 }}>
        {`Request #${requestId}: ${released ? RELEASED_TEXT(company) : PAID_TEXT}`}
      </Alert>
      <Button component={RouterLink} to={requestDetailPath(requestId)} variant="contained">
        View request
      </Button>
    </Paper>
  );
}

/** spec §2 Request detail: Final Price, and with a discount Discount % and Discounted Price. */
function PriceLines({ breakdown }: { breakdown: PaymentBreakdown }) {
  return (
    <>
      <DetailLine label="Final Price">{formatUsd(breakdown.finalCents)}</DetailLine>
      {breakdown.discountPercent > 0 && (
        <>
          <DetailLine label="Discount %">{`${breakdown.discountPercent}%`}</DetailLine>
          <DetailLine label="Discounted Price">{formatUsd(breakdown.discountedCents)}</DetailLine>
        </>
      )}
      {/* spec §9: the fee is shown, its computation is not. */}
      <DetailLine label="Processing Fee">{formatUsd(breakdown.feeCents)}</DetailLine>
      <Typography variant="subtitle1" component="p" sx={{ mt: 1, fontWeight: 600 }}>
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
          Total:
        </Box>{' '}
        {formatUsd(breakdown.totalCents)}
      </Typography>
    </>
  );
}

/**
 * spec §2 "a tip/terms area", §9 tips: what paying means (escrow, release on confirmation,
 * refunds by the cancellation policy) and the tip to come. The tip is not charged here:
 * make_payment carries no tip (spec §7); it is chosen and charged with the feedback after the
 * move (0%, 12%, 15%, 20% or other, on the final amount after the discount, whole dollars).
 */
function TipAndTerms({ breakdown }: { breakdown: PaymentBreakdown }) {
  const tips = TIP_PERCENTS.filter((p) => p > 0).map(
    (p) =>
      `${p}% (${formatUsd(tipCents(breakdown.finalCents, breakdown.discountPercent, p), { trimZeroCents: true })})`,
  );
  return (
    <Stack spacing={1}>
      <Typography variant="body2">
        Your payment is held in escrow. The company receives it only after the move, when you
        confirm that it is complete with &lsquo;Confirm move and release money&rsquo;. The
        processing fee covers the card payment. If you cancel, the refund follows the{' '}
        <Link component={RouterLink} to="/dashboard/about-us">
          Cancellation policy
        </Link>{' '}
        in About Us.
      </Typography>
      <Typography variant="body2">
        {`Tip: nothing is added now. After the move you can thank the crew with a tip of ${tips.join(', ')} or an amount of your choice, with your feedback.`}
      </Typography>
    </Stack>
  );
}

function PaymentForm({ detail }: { detail: RequestDetail }) {
  const requestId = detail.request.id;
  const cards = useQuery(savedCardsQueryOptions());
  const navigate = useNavigate();
  const [agreed, setAgreed] = useState(false);
  const [agreeError, setAgreeError] = useState(false);
  const agreeHelpId = useId();
  const breakdown = paymentBreakdown(
    toCents(detail.request.final_amount ?? 0),
    detail.request.discount,
  );

  const pay = useMakePayment(requestId);

  const noCard = cards.isSuccess && cards.data.length === 0;
  const payError = pay.error ? errorMessage(pay.error) : null;
  const bannerMessage = noCard ? MSG.noActiveCard : payError;
  const offerAddCard = noCard || payError === MSG.noActiveCard;
  // A declined card: another one, on My Cards, and back here once it is saved.
  const offerAnotherCard = !offerAddCard && isCardDeclined(pay.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!agreed) {
      setAgreeError(true);
      return;
    }
    pay.mutate(toDollars(breakdown.totalCents), {
      onSuccess: (response) => {
        showToast(response.message, 'success');
        void navigate(requestDetailPath(requestId));
      },
    });
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <Typography color="text.secondary">{`Request #${requestId}`}</Typography>

      {bannerMessage && (
        <Alert severity="error">
          {bannerMessage}
          {(offerAddCard || offerAnotherCard) && (
            <>
              {' '}
              <Link component={RouterLink} to={myCardsPath(paymentPath(requestId))}>
                {offerAddCard ? 'Add Card' : ANOTHER_CARD}
              </Link>
            </>
          )}
        </Alert>
      )}

      <Section title="Saved Card">
        <SavedCardList cards={cards} />
      </Section>

      <Section title="Price">
        <PriceLines breakdown={breakdown} />
      </Section>

      <Section title="Tip and Terms">
        <TipAndTerms breakdown={breakdown} />
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Checkbox
              name="agree_terms"
              checked={agreed}
              onChange={(event) => {
                setAgreed(event.target.checked);
                if (event.target.checked) setAgreeError(false);
              }}
              slotProps={{
                input: agreeError ? { 'aria-describedby': agreeHelpId } : {},
              }}
            />
          }
          label="Agree to terms"
        />
        {agreeError && (
          <FormHelperText id={agreeHelpId} error>
            {AGREE_TERMS_REQUIRED}
          </FormHelperText>
        )}
      </Section>

      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={pay.isPending || !cards.isSuccess || noCard}
        >
          {pay.isPending ? 'Paying…' : `Pay ${formatUsd(breakdown.totalCents)}`}
        </Button>
      </Box>
    </Stack>
  );
}
