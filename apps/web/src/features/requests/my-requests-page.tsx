import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import {
  ACTIVE_REQUEST_STATUS,
  isActiveRequest,
  MSG,
  REQUEST_TABS,
  type RequestStatus,
} from '@movehub/shared';
import { readString } from '../../lib/storage';
import { MY_REQUESTS_TAB_KEY, rememberMyRequestsTab } from '../../lib/request-paths';
import { useHydrated } from '../../lib/use-hydrated';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageLoader } from '../../ui/page-loader';
import { RequestCard } from './request-card';
import { customerRequestsQueryOptions } from './requests-api';
import { LoadError } from '../../ui/load-error';
import { LoadMore } from '../../ui/load-more';

function readRememberedTab(): RequestStatus {
  const stored = Number(readString(MY_REQUESTS_TAB_KEY));
  return REQUEST_TABS.some((tab) => tab.status === stored)
    ? (stored as RequestStatus)
    : ACTIVE_REQUEST_STATUS;
}

const tabId = (status: RequestStatus) => `my-requests-tab-${status}`;
const PANEL_ID = 'my-requests-panel';

/**
 * /dashboard/my-requests: Active, Completed and Cancelled requests with their counts, a page of
 * the chosen tab at a time (older ones load as the customer scrolls, or by Load more).
 */
export function MyRequestsPage() {
  useDocumentTitle('My Requests');
  // The frame the build drew (decision 032) shows the first tab; a hydrating page draws it too,
  // then the remembered one (decision 034).
  const hydrated = useHydrated();
  const [chosen, setStatus] = useState<RequestStatus | null>(null);
  const status = chosen ?? (hydrated ? readRememberedTab() : ACTIVE_REQUEST_STATUS);
  const requests = useInfiniteQuery(customerRequestsQueryOptions(status));

  const selectTab = (next: RequestStatus) => {
    setStatus(next);
    rememberMyRequestsTab(next);
  };

  const counts = requests.data?.counts;
  // While another tab loads, the previous tab's list is only a placeholder: show the loader.
  const loading = requests.isPending || requests.isPlaceholderData;

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        My Requests
      </Typography>

      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={status}
          onChange={(_event, value: RequestStatus) => selectTab(value)}
          aria-label="Request status"
          variant="fullWidth"
        >
          {REQUEST_TABS.map((tab) => (
            <Tab
              key={tab.status}
              value={tab.status}
              id={tabId(tab.status)}
              aria-controls={PANEL_ID}
              label={counts ? `${tab.label} (${counts[tab.countKey]})` : tab.label}
            />
          ))}
        </Tabs>
      </Box>

      <Box role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(status)}>
        {loading ? (
          <PageLoader label="Loading requests" />
        ) : requests.isError ? (
          <LoadError message={requests.error.message} onRetry={requests.refetch} />
        ) : requests.data.entries.length === 0 ? (
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
            <Typography variant="h6" component="p">
              {MSG.noRequests}
            </Typography>
            {isActiveRequest(status) && (
              <Button
                component={RouterLink}
                to="/create-request"
                variant="contained"
                startIcon={<AddIcon aria-hidden />}
              >
                {MSG.createRequestNow}
              </Button>
            )}
          </Stack>
        ) : (
          <>
            <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
              {requests.data.entries.map((entry) => (
                <RequestCard key={entry.request.id} entry={entry} />
              ))}
            </Stack>
            {/* The tab's older requests, a page at a time as the customer scrolls. */}
            <LoadMore query={requests} errorMessage="The older requests could not be loaded." />
          </>
        )}
      </Box>
    </Box>
  );
}
