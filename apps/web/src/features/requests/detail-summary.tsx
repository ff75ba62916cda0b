import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  showsCompanyInfo,
  showsCrew,
  showsEstimatedPrice,
  awaitsLetterSignature,
  canCancel,
  canOpenCompaniesList,
  CANCELLATION_POLICY_TEXT,
  CHANGE_TIMELINE,
  discountedCents,
  formatUsd,
  hasFeedback,
  isAwaitingPayment,
  isDirectRequest,
  isMoveCancelled,
  isRequestCancelled,
  moversOf,
  toCents,
  type RequestDetail,
  wirePhoneToMasked,
} from '@movehub/shared';
import { dollars } from '../../lib/format-money';
import { formatDate, formatDateTime, formatMoveTime } from '../../lib/format-date';
import { showToast } from '../../lib/toast';
import { useOlderPages } from '../../lib/use-older-pages';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { LetterActions } from '../../ui/letter-actions';
import { DetailLine } from '../../ui/detail-line';
import { LoadMore } from '../../ui/load-more';
import { detailPageKeys, getRequestTimeline } from './detail-pages-api';
import { RequestActions } from './request-actions';
import { requestStatusLabel } from './request-status';
import { useCancelRequest } from './use-request-mutations';

// Only a cancelled request shows it: loaded when one is opened, not on every detail's first visit.
const CancelledMoney = lazy(async () => ({
  default: (await import('./cancelled-money')).CancelledMoney,
}));

const range = (min: number | null, max: number | null) =>
  `${dollars(min, { none: 'N/A' })} - ${dollars(max, { none: 'N/A' })}`;

/** spec §3 rate_method of a direct request. */
const HOURLY = 'Hourly';
const FLAT = 'Flat';

/** spec §2 Request detail content: '{n} company/companies have bet on your order.', verbatim. */
export function bidsBoxText(count: number): string {
  return `${count} company/companies have bet on your order.`;
}

/** spec §2 Timeline: the change entries and the change-request type their 'More Details' opens. */
const CHANGE_TYPES: Record<string, string> = Object.fromEntries(
  Object.entries(CHANGE_TIMELINE).map(([type, title]) => [title, type]),
);

function FinalPriceLines({
  request,
  label = 'Final Price',
  amount = request.final_amount,
}: {
  request: RequestDetail['request'];
  label?: string;
  /** Dollars; the final amount unless said. */
  amount?: number | null;
}) {
  const finalCents = toCents(amount ?? 0);
  return (
    <>
      <DetailLine label={label}>{dollars(amount, { none: 'N/A' })}</DetailLine>
      {request.discount > 0 && (
        <>
          <DetailLine label="Discount %">{`${request.discount}%`}</DetailLine>
          <DetailLine label="Discounted Price">
            {formatUsd(discountedCents(finalCents, request.discount))}
          </DetailLine>
        </>
      )}
    </>
  );
}

/** spec §2 "Request detail content": the price lines for normal, hourly and flat requests. */
function PriceLines({ detail, timeline }: { detail: RequestDetail; timeline: number }) {
  const { request } = detail;
  if (isDirectRequest(request)) {
    return (
      <>
        {request.rate_method === HOURLY && (
          <>
            <DetailLine label="Cash Hour Rate">
              {dollars(request.cash_payment_rate, { none: 'N/A' })}
            </DetailLine>
            <DetailLine label="Card Hour Rate">
              {dollars(request.card_payment_rate, { none: 'N/A' })}
            </DetailLine>
            <DetailLine label="Minimum Hours">{request.minimum_hours ?? 'N/A'}</DetailLine>
          </>
        )}
        {request.rate_method === FLAT && (
          <>
            <DetailLine label="Cash Flat Rate">
              {range(request.cash_min_flat_rate, request.cash_max_flat_rate)}
            </DetailLine>
            <DetailLine label="Card Flat Rate">
              {range(request.card_min_flat_rate, request.card_max_flat_rate)}
            </DetailLine>
          </>
        )}
        {/* spec: typed requests at status 8 show price and discount. */}
        {hasFeedback(timeline) && <FinalPriceLines request={request} />}
      </>
    );
  }
  // A request cancelled before any price was agreed shows what it was asked at.
  const unpriced = isMoveCancelled(timeline) && request.final_amount === null;
  if (showsEstimatedPrice(timeline) || unpriced) {
    const accepted = isAwaitingPayment(timeline) ? detail.bid_Accepted_company : null;
    return (
      <>
        <DetailLine label="Estimated Price">
          {dollars(request.recommend_amount, { none: 'N/A' })}
        </DetailLine>
        <DetailLine label="Your Price">
          {dollars(request.customer_budget, { none: 'N/A' })}
        </DetailLine>
        {/* Ours beside the spec's two (decision 041): the bid the customer accepted, to pay. */}
        {accepted && (
          <FinalPriceLines
            request={request}
            label="Accepted Bid"
            amount={request.final_amount ?? accepted.bid_amount}
          />
        )}
      </>
    );
  }
  return <FinalPriceLines request={request} />;
}

function CompanyInfo({ detail, timeline }: { detail: RequestDetail; timeline: number }) {
  const company = detail.bid_Accepted_company;
  if (!company || !showsCompanyInfo(timeline)) return null;
  const foreman = detail.get_foreman_of_company;
  // spec: above status 3 also the foreman's name and the trucks.
  const crew = showsCrew(timeline);
  return (
    <Box component="section" aria-labelledby="company-info-heading" sx={{ mt: 2 }}>
      <Typography id="company-info-heading" variant="subtitle1" component="h3" sx={{ mb: 0.5 }}>
        Company Info
      </Typography>
      <DetailLine label="Company Name">{company.name}</DetailLine>
      <DetailLine label="Phone">{wirePhoneToMasked(company.company_phone) || 'N/A'}</DetailLine>
      <DetailLine label="Email">{company.company_email || 'N/A'}</DetailLine>
      <DetailLine label="Address">{company.address || 'N/A'}</DetailLine>
      {crew && (
        <>
          <DetailLine label="Foreman">
            {foreman ? `${foreman.first_name} ${foreman.last_name}` : 'N/A'}
          </DetailLine>
          <DetailLine label="Truck Name">
            {detail.truck_array.length > 0
              ? detail.truck_array.map((truck) => truck.name).join(', ')
              : 'N/A'}
          </DetailLine>
        </>
      )}
    </Box>
  );
}

/** After a cancel: the server's message, and the refund when there is one. */
export function cancelledText(message: string, refundDollars: number): string {
  return refundDollars > 0
    ? `${message} ${formatUsd(toCents(refundDollars))} will be refunded to your card.`
    : message;
}

/**
 * The cancel dialog's question; for a paid request, what the Cancellation policy refunds now
 * (the server's figure on the detail) and the policy itself, before the customer confirms.
 */
function CancelMessage({ detail }: { detail: RequestDetail }) {
  const refund = detail.cancellation_refund;
  return (
    <>
      {`Are you sure you want to cancel request #${detail.request.id}?`}
      {refund && (
        <>
          <Box component="span" sx={{ display: 'block', mt: 1, fontWeight: 600 }}>
            {refund.refund_amount > 0
              ? `You will be refunded ${dollars(refund.refund_amount, { none: 'N/A' })}.`
              : 'Nothing will be refunded.'}
            {refund.kept_amount > 0 &&
              ` The company keeps ${dollars(refund.kept_amount, { none: 'N/A' })} as its cancellation fee.`}
          </Box>
          <Box component="span" sx={{ display: 'block', mt: 1 }}>
            {CANCELLATION_POLICY_TEXT}
          </Box>
        </>
      )}
    </>
  );
}

/** The left column's summary card: 'Request #{id}', status, move, prices, company, actions. */
export function DetailSummary({
  detail,
  timeline,
  onCancelled,
}: {
  detail: RequestDetail;
  timeline: number;
  onCancelled: () => void;
}) {
  const { request } = detail;
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelRequest(request.id);
  const movers = moversOf({
    request,
    acceptedBidMovers: detail.bid_Accepted_company?.movers ?? null,
  });
  const status = requestStatusLabel(detail);

  return (
    <Paper component="section" variant="outlined" aria-labelledby="summary-heading" sx={{ p: 2 }}>
      <Typography id="summary-heading" variant="h6" component="h2">
        Request #{request.id}
      </Typography>
      {status && (
        <Typography color="primary" sx={{ fontWeight: 600, mb: 1 }}>
          {status}
        </Typography>
      )}
      <Stack spacing={0.25}>
        <DetailLine label="Move Type">{request.move_type || 'N/A'}</DetailLine>
        <DetailLine label="Move Date">{formatDate(request.s_date) || 'N/A'}</DetailLine>
        <DetailLine label="Move Time">{formatMoveTime(request) || 'N/A'}</DetailLine>
        <DetailLine label="Movers">{movers ?? 'N/A'}</DetailLine>
        <PriceLines detail={detail} timeline={timeline} />
      </Stack>

      <CompanyInfo detail={detail} timeline={timeline} />

      {canOpenCompaniesList(timeline) && (
        <Alert severity="info" icon={false} sx={{ mt: 2 }}>
          {bidsBoxText(detail.request_bid.length)}{' '}
          <Link component={RouterLink} to={`/dashboard/my-requests/companies-list/${request.id}`}>
            Show All
          </Link>
        </Alert>
      )}

      <RequestActions requestId={request.id} timeline={timeline} sx={{ mt: 2 }} />

      {/* A cancelled request is read-only: what its money did instead of actions (decision 041). */}
      {isRequestCancelled(request.request_status) && (
        <Suspense fallback={null}>
          <CancelledMoney detail={detail} />
        </Suspense>
      )}

      {/* spec §4: a direct request at 3 waits for its letter until additional_status moves. */}
      <LetterActions
        awaitsSignature={
          isDirectRequest(request) && awaitsLetterSignature(timeline, detail.additional_status)
        }
        signPath={`/sign-confirmation-letter/${request.public_access_link || request.id}`}
        signedPdf={detail.confirmation_letter_pdf}
      />

      {canCancel(request) && (
        <>
          <Divider sx={{ my: 2 }} />
          <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
            Cancel Request
          </Button>
          <ConfirmDialog
            open={confirming}
            title="Cancel Request"
            message={<CancelMessage detail={detail} />}
            onConfirm={() =>
              cancel.mutate(undefined, {
                onSuccess: (res) => {
                  setConfirming(false);
                  showToast(cancelledText(res.message, res.data.refund_amount), 'success');
                  onCancelled();
                },
              })
            }
            onClose={() => setConfirming(false)}
            pending={cancel.isPending}
            confirmColor="error"
            titleId="cancel-request-title"
            messageId="cancel-request-message"
          />
        </>
      )}
    </Paper>
  );
}

export const EARLIER_TIMELINE_LABEL = 'Show earlier activity';
export const EARLIER_TIMELINE_ERROR = 'The earlier activity could not be loaded.';

/** spec §2: the timeline entries; the change entries link to their change confirmation. */
export function DetailTimeline({ detail }: { detail: RequestDetail }) {
  const requestId = detail.request.id;
  // The detail holds the newest entries; earlier ones load above them, page by page.
  const { older, more } = useOlderPages({
    queryKey: detailPageKeys.timeline(requestId, detail.request_timeline_next_before_id),
    start: detail.request_timeline_next_before_id,
    fetchPage: (beforeId, signal) => getRequestTimeline(requestId, beforeId, signal),
    rowsOf: (page) => page.data,
  });
  const entries = [...older, ...detail.request_timeline];
  return (
    <Paper component="section" variant="outlined" aria-labelledby="timeline-heading" sx={{ p: 2 }}>
      <Typography id="timeline-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Timeline
      </Typography>
      <LoadMore query={more} label={EARLIER_TIMELINE_LABEL} errorMessage={EARLIER_TIMELINE_ERROR} />
      {entries.length === 0 ? (
        <Typography color="text.secondary">No activity yet</Typography>
      ) : (
        <Box component="ol" aria-label="Timeline" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {entries.map((entry) => {
            const changeType = CHANGE_TYPES[entry.activity_title];
            return (
              <Box
                component="li"
                key={entry.id}
                sx={{ borderLeft: 2, borderColor: 'primary.main', pl: 1.5, py: 0.75 }}
              >
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {entry.activity_title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(entry.activity_datetime)}
                </Typography>
                {changeType && (
                  <Link
                    component={RouterLink}
                    to={`/dashboard/my-requests/change-request/${changeType}/${detail.request.id}`}
                    aria-label={`More Details: ${entry.activity_title}`}
                  >
                    More Details
                  </Link>
                )}
              </Box>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}
