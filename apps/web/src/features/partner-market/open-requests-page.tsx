import { lazy, Suspense, useState } from 'react';
import {
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OpenRequest } from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { moveTypesQueryOptions } from '../../lib/items/catalogue-api';
import { useRealtimeEvent } from '../../lib/realtime';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LoadError } from '../../ui/load-error';
import { LoadMore } from '../../ui/load-more';
import { PageLoader } from '../../ui/page-loader';
import { BidDialog } from './bid-dialog';
import { marketKeys, openRequestsQueryOptions } from './market-api';
import { OpenRequestCard } from './open-request-card';
import {
  hasFilters,
  NO_FILTERS,
  OpenRequestsFilterBar,
  toOpenRequestsFilterBody,
  type OpenRequestFilters,
} from './open-requests-filters';
import { MapLoading } from '../../lib/maps/map-loading';

// Leaflet loads with the map only, after the list (its own chunk).
const OpenRequestsMap = lazy(() => import('./open-requests-map'));

export const NO_OPEN_REQUESTS_MESSAGE =
  'No requests are open for bids in your service area right now.';
export const NO_MATCH_MESSAGE = 'No open request matches these filters.';

/**
 * /partner/open-requests: the requests open for bids in the company's area, newest
 * first, page by page, filtered by the API, with their pick-up points on a map; each opens the
 * bid dialog. A request opened meanwhile in the area arrives through the socket (openRequest), and
 * so does a question or answer on one (requestComment).
 */
export function OpenRequestsPage() {
  useDocumentTitle('Open requests');
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<OpenRequestFilters>(NO_FILTERS);
  const query = useInfiniteQuery({
    ...openRequestsQueryOptions(toOpenRequestsFilterBody(filters)),
    // A changed filter keeps the list in view until the new one arrives.
    placeholderData: keepPreviousData,
  });
  const moveTypes = useQuery(moveTypesQueryOptions());
  const [bidOn, setBidOn] = useState<OpenRequest | null>(null);
  // A request opened in the area, or a question asked or answered on one: read the list again.
  useRealtimeEvent('openRequest', () => {
    void queryClient.invalidateQueries({ queryKey: marketKeys.openRequests });
  });
  useRealtimeEvent('requestComment', () => {
    void queryClient.invalidateQueries({ queryKey: marketKeys.openRequests });
  });

  if (query.isPending) return <PageLoader label="Loading open requests" />;
  if (query.isError) {
    return (
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <LoadError message={errorMessage(query.error)} onRetry={() => query.refetch()} />
      </Box>
    );
  }

  const requests = query.data.pages.flatMap((page) => page.data);
  const filtered = hasFilters(filters);
  // The dialog follows the list's fresh copy of its request (a refetch updates my_bid), and
  // keeps the one it opened with when the request has left the list (taken meanwhile), so that
  // the server's message stays in view.
  const selected = bidOn ? (requests.find((r) => r.id === bidOn.id) ?? bidOn) : null;
  const select = (request: OpenRequest) => setBidOn(request);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Open requests
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Moves waiting for bids in your service area. The customer&apos;s contact comes with an
        accepted bid.
      </Typography>

      {(requests.length > 0 || filtered) && (
        <>
          <OpenRequestsFilterBar
            filters={filters}
            onChange={setFilters}
            moveTypes={moveTypes.data ?? []}
          />
          <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {query.isPlaceholderData
              ? 'Filtering…'
              : `${requests.length}${query.hasNextPage ? '+' : ''} open ${
                  requests.length === 1 ? 'request' : 'requests'
                }${filtered ? ' match' : ''}`}
          </Typography>
        </>
      )}

      {requests.length === 0 ? (
        <Alert severity="info">{filtered ? NO_MATCH_MESSAGE : NO_OPEN_REQUESTS_MESSAGE}</Alert>
      ) : (
        <>
          <Box
            component="section"
            aria-label="Map of pick-up points"
            sx={{
              height: { xs: 260, sm: 360 },
              mb: 3,
              borderRadius: 1,
              overflow: 'hidden',
              border: 1,
              borderColor: 'divider',
            }}
          >
            <Suspense fallback={<MapLoading />}>
              <OpenRequestsMap requests={requests} onSelect={select} />
            </Suspense>
          </Box>
          <Stack spacing={2} component="section" aria-label="Open requests list">
            {requests.map((request) => (
              <OpenRequestCard key={request.id} request={request} onBid={select} />
            ))}
          </Stack>
          <LoadMore
            query={query}
            label="Show older requests"
            errorMessage="The older requests could not be loaded."
          />
        </>
      )}

      {selected && <BidDialog request={selected} onClose={() => setBidOn(null)} />}
    </Box>
  );
}
