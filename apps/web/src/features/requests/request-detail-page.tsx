import { lazy, Suspense, useDeferredValue } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CANCELLED_REQUEST_STATUS, isDirectRequest } from '@movehub/shared';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useStagedReveal } from '../../lib/use-staged-reveal';
import { MY_REQUESTS_PATH, rememberMyRequestsTab } from '../../lib/request-paths';
import { LoadError } from '../../ui/load-error';
import { DetailColumns } from '../../ui/detail-columns';
import { PageLoader } from '../../ui/page-loader';
import { Section } from '../../ui/section';
import { ClientComment } from './client-comment';
import { CommentsThread } from './comments-thread';
import { DetailInformation } from './detail-information';
import { DetailSummary, DetailTimeline } from './detail-summary';
import { MoveDocuments } from './move-documents';
import { effectiveTimelineStatus } from './request-status';
import { requestDetailQueryOptions } from './requests-api';

// Loaded with a direct request's detail only.
const ShareLink = lazy(() =>
  import('../../ui/share-link').then((module) => ({ default: module.ShareLink })),
);

/**
 * After a cancel: My Requests on its Cancelled tab, where the request now is. Not "back": the
 * page before may be a screen of the request that no longer applies (a change already answered).
 */
function useShowCancelled() {
  const navigate = useNavigate();
  return () => {
    rememberMyRequestsTab(CANCELLED_REQUEST_STATUS);
    void navigate(MY_REQUESTS_PATH);
  };
}

/**
 * /dashboard/my-requests/{requestId} (spec/request-lifecycle.md §2 "Request detail content"):
 * the summary card and timeline on the left, the request's information, client comment and
 * comments on the right. A cancelled request (request_status 2), which the spec sends back, is
 * shown read-only with what its refund was and its receipts (decision 041).
 */
export function RequestDetailPage() {
  useDocumentTitle('Request DETAIL');
  const { requestId = '' } = useParams();
  // A malformed id is the server's to refuse: its message shows like any other load failure.
  const id = Number(requestId);
  const detail = useQuery(requestDetailQueryOptions(id));
  // The detail is a long page: drawn from a deferred copy of the answer, React renders it in
  // a transition it can interrupt, in slices, not in one task that blocks taps and scrolling
  // for a third of a second on a phone (the Lighthouse run's total blocking time).
  const shown = useDeferredValue(detail.data);
  // Then in three commits: the summary first (the top of the screen on a phone), the timeline
  // and the request's information, the comments last.
  const stage = useStagedReveal(3, shown !== undefined);
  const showCancelled = useShowCancelled();

  let body;
  if (detail.isPending) {
    body = <PageLoader label="Loading request" />;
  } else if (detail.isError && !detail.data) {
    body = (
      <LoadError message={`Error Message: ${detail.error.message}`} onRetry={detail.refetch} />
    );
  } else if (!shown) {
    body = <PageLoader label="Loading request" />;
  } else {
    const data = shown;
    const timeline = effectiveTimelineStatus(data);
    body = (
      <DetailColumns
        left={
          <>
            <DetailSummary detail={data} timeline={timeline} onCancelled={showCancelled} />
            {stage >= 2 && <DetailTimeline detail={data} />}
            {stage >= 3 && <MoveDocuments detail={data} />}
            {/* A direct request has a public page: its link, to keep or pass on to whoever helps
              with the move. */}
            {stage >= 3 && isDirectRequest(data.request) && data.request.public_access_link && (
              <Suspense fallback={null}>
                <Section title="Share this request">
                  <ShareLink link={data.request.public_access_link} requestId={data.request.id} />
                </Section>
              </Suspense>
            )}
          </>
        }
        right={
          <>
            {stage >= 2 && <DetailInformation detail={data} />}
            {stage >= 3 && <ClientComment request={data.request} />}
            {stage >= 3 && <CommentsThread detail={data} />}
          </>
        }
      />
    );
  }

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Request DETAIL
      </Typography>
      {body}
    </Box>
  );
}
