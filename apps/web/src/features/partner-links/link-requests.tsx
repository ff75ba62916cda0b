import { useInfiniteQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { JOB_STAGE_LABELS, type DirectLinkRequest } from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { LoadError } from '../../ui/load-error';
import { LoadMore } from '../../ui/load-more';
import { PageLoader } from '../../ui/page-loader';
import { directLinkRequestsQueryOptions } from './links-api';

export const NO_LINK_REQUESTS_MESSAGE = 'No requests have come through this link yet.';

const stageText = (request: DirectLinkRequest) =>
  request.stage ? JOB_STAGE_LABELS[request.stage] : 'Open';

/**
 * The requests that came through one link, newest first: loaded when the company opens the
 * link's list, each stacked as a small entry so that it reads at 375 px without a table; the
 * older ones a page at a time as the company scrolls.
 */
export function LinkRequests({ linkId }: { linkId: number }) {
  const query = useInfiniteQuery(directLinkRequestsQueryOptions(linkId));
  if (query.isPending) return <PageLoader label="Loading the link's requests" />;
  if (query.isError) {
    return <LoadError message={errorMessage(query.error)} onRetry={() => query.refetch()} />;
  }
  const requests = query.data.pages.flatMap((page) => page.data);
  if (requests.length === 0) return <Alert severity="info">{NO_LINK_REQUESTS_MESSAGE}</Alert>;
  return (
    <>
      <List disablePadding aria-label="Requests through this link">
        {requests.map((request) => (
          <ListItem key={request.id} divider disableGutters sx={{ display: 'block', py: 1.5 }}>
            <Box
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                columnGap: 2,
                rowGap: 0.5,
                alignItems: 'baseline',
              }}
            >
              <Typography component="span" sx={{ fontWeight: 600 }}>
                Request #{request.id}
              </Typography>
              <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
                {request.contact_name || 'No name given'}
              </Typography>
              <Typography component="span" color="text.secondary">
                {stageText(request)}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              Move date {formatDate(request.s_date)} · sent {formatDateTime(request.created_at)}
              {request.by_sales_team ? ' · by the sales team' : ''}
            </Typography>
          </ListItem>
        ))}
      </List>
      <LoadMore
        query={query}
        label="Show older requests"
        errorMessage="The older requests could not be loaded."
      />
    </>
  );
}
