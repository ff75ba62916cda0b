import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isRequestCancelled, MSG, wirePhoneToMasked, type PublicRequest } from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { formatDate, formatMoveTime } from '../../lib/format-date';
import { requestDetailPath } from '../../lib/request-paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LetteredAddressList } from '../../ui/lettered-address-list';
import { PageLoader } from '../../ui/page-loader';
import { publicRequestQueryOptions } from './public-request-api';
import { PublicRequestDetailView } from './public-request-detail';
import { publicStatusLabel } from './public-status';
import { ShareLink } from '../../ui/share-link';

/** What the link shows of a request in a customer's account, and where the rest is. */
export const IN_ACCOUNT_NOTE =
  'This request is in its customer’s account. Log in to that account to see all of it and act on it.';

/**
 * /view-request/{access_token} (spec/request-lifecycle.md §2): the request its public link names,
 * for anyone holding the link, with or without a session. A request in nobody's account (a
 * direct request not yet confirmed by its email) shows what the request detail shows; one in an
 * account shows its number, status, date, time, company and addresses (decision 037).
 */
export function PublicRequestPage() {
  useDocumentTitle('Request DETAIL');
  const { access_token: link = '' } = useParams();
  const request = useQuery(publicRequestQueryOptions(link));

  let body;
  if (request.isPending) body = <PageLoader label="Loading request" />;
  // spec §8: 'Error Message: {message}' on the public request page.
  else if (request.isError) {
    body = <Alert severity="error">Error Message: {errorMessage(request.error)}</Alert>;
  } else body = <PublicRequestView view={request.data.request} link={link} />;

  return <Box sx={{ maxWidth: 1200, mx: 'auto', px: 2, py: { xs: 3, sm: 6 } }}>{body}</Box>;
}

function PublicRequestView({ view, link }: { view: PublicRequest; link: string }) {
  const { request } = view;
  if (isRequestCancelled(request.request_status)) {
    // spec §2: a cancelled request on the public page shows only this.
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography component="p" variant="h6" role="status">
          {MSG.cancelledPublic(wirePhoneToMasked(view.company_phone) || 'N/A')}
        </Typography>
      </Paper>
    );
  }
  const status = publicStatusLabel(view);
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
      <ShareLink link={link} requestId={request.id} />
      {view.detail ? (
        <PublicRequestDetailView view={view} detail={view.detail} link={link} />
      ) : (
        <InAccountView view={view} />
      )}
    </Stack>
  );
}

/** A request in an account: what the public page shows, and the way to the rest. */
function InAccountView({ view }: { view: PublicRequest }) {
  const { request, company_profile: company } = view;
  const rows: [string, string][] = [
    ['Date', formatDate(request.s_date)],
    ['Time', formatMoveTime(request)],
    ['Company', company?.name ?? ''],
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
      <Stack spacing={2.5}>
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
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={requestDetailPath(request.id)} color="inherit">
              Open in My Requests
            </Button>
          }
        >
          {IN_ACCOUNT_NOTE}
        </Alert>
      </Stack>
    </Paper>
  );
}
