import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DONE_REQUEST_STATUS,
  canConfirmComplete,
  canLeaveFeedback,
  discountedCents,
  effectiveTimeline,
  formatUsd,
  toCents,
} from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { MY_REQUESTS_PATH, rememberMyRequestsTab } from '../../lib/request-paths';
import { LoadError } from '../../ui/load-error';
import { PageLoader } from '../../ui/page-loader';
import { completionRequestQueryOptions } from './completion-api';
import { FeedbackDialog } from './feedback-dialog';
import { useConfirmComplete } from './use-confirm-complete';

/** The card's 'Leave feedback' opens this screen with ?feedback=1 (status 7). */
export const FEEDBACK_PARAM = 'feedback';
export const feedbackPath = (requestId: number) =>
  `${MY_REQUESTS_PATH}/confirm-complete/${requestId}?${FEEDBACK_PARAM}=1`;

export const CONFIRM_TEXT = {
  title: 'Confirm move and release money',
  feedbackThanks: 'Thank you for your feedback.',
} as const;

/**
 * /dashboard/my-requests/confirm-complete/{requestId} (spec/request-lifecycle.md §2 "Confirm
 * complete", §4 "confirm-complete redirects unless status is 6"): the customer confirms the move
 * and releases the money held in escrow (end_move_confirmation), then the feedback modal opens.
 * At status 7 the screen serves the feedback modal alone: after the confirmation here, or from
 * the card's 'Leave feedback'. Any other status goes back to My Requests.
 */
export function ConfirmCompletePage() {
  useDocumentTitle(CONFIRM_TEXT.title);
  const { requestId = '' } = useParams();
  const [search] = useSearchParams();
  const id = Number(requestId);
  const navigate = useNavigate();
  const detail = useQuery(completionRequestQueryOptions(id));
  const [confirmedHere, setConfirmedHere] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(search.get(FEEDBACK_PARAM) !== null);

  const confirm = useConfirmComplete(id, {
    onConfirmed: (response) => {
      setConfirmedHere(true);
      setFeedbackOpen(true);
      showToast(response.message, 'success');
    },
  });

  if (detail.isPending) return <PageLoader label="Loading request" />;
  if (detail.isError && !detail.data) {
    return (
      <LoadError message={`Error Message: ${detail.error.message}`} onRetry={detail.refetch} />
    );
  }
  const data = detail.data;
  const timeline = effectiveTimeline(data.request.request_timeline_status, data.status);
  const atFeedback =
    canLeaveFeedback(timeline) && (confirmedHere || search.get(FEEDBACK_PARAM) !== null);
  if (!confirmedHere && !canConfirmComplete(timeline) && !atFeedback) {
    return <Navigate to={MY_REQUESTS_PATH} replace />;
  }

  const request = data.request;
  const finalCents = toCents(request.final_amount ?? 0);
  const amount = formatUsd(discountedCents(finalCents, request.discount));
  const company = data.bid_Accepted_company?.name ?? 'the company';
  // The finished request is on My Requests' Completed tab: open it there.
  const leave = () => {
    rememberMyRequestsTab(DONE_REQUEST_STATUS);
    void navigate(MY_REQUESTS_PATH);
  };

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {CONFIRM_TEXT.title}
      </Typography>
      <Paper component="section" variant="outlined" aria-labelledby="confirm-heading" sx={{ p: 2 }}>
        <Typography id="confirm-heading" variant="h6" component="h2">
          Request #{request.id}
        </Typography>
        {confirm.isError && (
          <Alert severity="error" sx={{ my: 1.5 }}>
            {errorMessage(confirm.error)}
          </Alert>
        )}
        {canConfirmComplete(timeline) && !confirmedHere ? (
          <Stack spacing={2} sx={{ mt: 1 }}>
            <Typography>
              {company} has marked your move complete. Confirm it to release the {amount} held in
              escrow to {company}.
            </Typography>
            <Box>
              <Button
                variant="contained"
                onClick={() => confirm.mutate()}
                disabled={confirm.isPending}
                startIcon={
                  confirm.isPending ? (
                    <CircularProgress aria-hidden size={18} color="inherit" />
                  ) : null
                }
              >
                {CONFIRM_TEXT.title}
              </Button>
            </Box>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ mt: 1 }}>
            <Typography>
              Your move is complete and {amount} was released to {company}.
            </Typography>
            <Box>
              <Button variant="contained" onClick={() => setFeedbackOpen(true)}>
                Leave feedback
              </Button>
            </Box>
          </Stack>
        )}
      </Paper>
      <FeedbackDialog
        open={feedbackOpen && (confirmedHere || canLeaveFeedback(timeline))}
        requestId={request.id}
        finalAmount={request.final_amount}
        discount={request.discount}
        onClose={() => setFeedbackOpen(false)}
        onDone={() => {
          showToast(CONFIRM_TEXT.feedbackThanks, 'success');
          leave();
        }}
      />
    </Box>
  );
}
