import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  isRequestCancelled,
  isTimelineStatus,
  MSG,
  TIMELINE_LABELS,
  wirePhoneToMasked,
  type PublicRequest,
} from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { formatDate, formatMoveTime } from '../../lib/format-date';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageLoader } from '../../ui/page-loader';
import { publicRequestQueryOptions } from './public-request-api';
import { LetteredAddressList } from '../../ui/lettered-address-list';

/**
 * /view-request/{access_token} (spec/request-lifecycle.md §2): the request its public link names,
 * for anyone holding the link, with or without a session.
 */
export function PublicRequestPage() {
  useDocumentTitle('Request DETAIL');
  const { access_token: link = '' } = useParams();
  const request = useQuery(publicRequestQueryOptions(link));

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 720, p: { xs: 3, sm: 4 } }}>
        {request.isPending ? (
          <PageLoader label="Loading request" />
        ) : request.isError ? (
          // spec §8: 'Error Message: {message}' on the public request page.
          <Alert severity="error">Error Message: {errorMessage(request.error)}</Alert>
        ) : (
          <PublicRequestView view={request.data.request} />
        )}
      </Paper>
    </Box>
  );
}

function PublicRequestView({ view }: { view: PublicRequest }) {
  const { request, company_profile: company } = view;
  if (isRequestCancelled(request.request_status)) {
    // spec §2: a cancelled request on the public page shows only this.
    return (
      <Typography component="p" variant="h6" role="status">
        {MSG.cancelledPublic(wirePhoneToMasked(view.company_phone) || 'N/A')}
      </Typography>
    );
  }
  const timeline = request.request_timeline_status;
  const status = isTimelineStatus(timeline) ? TIMELINE_LABELS[timeline] : '';
  const date = formatDate(request.s_date);
  const time = formatMoveTime(request);
  const rows: [string, string][] = [
    ['Date', date],
    ['Time', time],
    ['Company', company?.name ?? ''],
  ];

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h4" component="h1">
          Request #{request.id}
        </Typography>
        {status && <Chip label={status} color="primary" variant="outlined" />}
      </Stack>

      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1 }}>
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontWeight: 600 }}>
                {label}:
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {value}
              </Box>
            </Box>
          ))}
      </Box>

      {view.request_address.length > 0 && (
        <Box component="section" aria-labelledby="public-request-addresses">
          <Typography id="public-request-addresses" variant="h6" component="h2" gutterBottom>
            Addresses
          </Typography>
          <LetteredAddressList
            addresses={view.request_address.map((address) => ({
              id: address.id,
              text: `${address.complete_address}${address.apartment_number ? `, ${address.apartment_number}` : ''}`,
            }))}
          />
        </Box>
      )}
    </Stack>
  );
}
