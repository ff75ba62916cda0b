import { lazy, Suspense, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CHANGE_TIMELINE,
  CHANGE_TYPES,
  changeNeedsPayment,
  toCents,
  type ChangeType,
  type RequestDetail,
} from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { requestDetailPath } from '../../lib/request-paths';
import { DetailLine } from '../../ui/detail-line';
import { LoadError } from '../../ui/load-error';
import { PageLoader } from '../../ui/page-loader';
import { ChangePayment } from './change-payment';
import { CHANGE_MARKS, changedAddresses, ChangeVersions, signedMoney } from './change-versions';
import { changeRequestQueryOptions } from './changes-api';
import { MapError, MapErrorBoundary } from '../../lib/maps/map-error';
import { useAnswerChange } from './use-answer-change';
import { MapLoading } from '../../lib/maps/map-loading';

/*
 * /dashboard/my-requests/change-request/{type}/{requestId} (spec/request-lifecycle.md §2 "Change
 * confirmation", §4 "Change confirmations", §7, §8; decisions 020 and 021),
 * reached from the timeline's 'More Details': 'Request DETAIL', the previous version of the
 * request beside the changed one, the tracking map, Accept and Reject. Below status 3 an accept
 * moves no money; from 3 an accept of a change with a price goes through the payment step inside
 * the screen. Every answer goes to the type's change_*_confirmation call; success shows the
 * server's message and returns to the request's detail.
 */

export const CHANGE_TEXT = {
  title: 'Request DETAIL',
  accept: 'Accept',
  reject: 'Reject',
  price: 'Price of the change',
  noChange: 'No change of this kind is waiting for your answer.',
  backToRequest: 'Back to request',
  map: 'Tracking map',
} as const;

export function isChangeType(value: string | undefined): value is ChangeType {
  return (CHANGE_TYPES as readonly string[]).includes(value ?? '');
}

/** spec "a 600 px map". */
export const CHANGE_MAP_HEIGHT_PX = 600;

/**
 * The pending change of a type and its price (dollars; the difference to the final amount), or
 * null when none waits for the customer. The server lists them in change_proposals.
 */
export function pendingChange(detail: RequestDetail, type: ChangeType): { price: number } | null {
  const proposal = detail.change_proposals?.find((p) => p.type === type);
  return proposal ? { price: proposal.price } : null;
}

// Leaflet and the basemap load with the map only, in a chunk of their own.
const ChangeMap = lazy(() =>
  import('./change-map').then(
    (module) => ({ default: module.ChangeMap }),
    () => ({ default: MapError }),
  ),
);

export function ChangeRequestPage({ type }: { type: ChangeType }) {
  useDocumentTitle(CHANGE_TEXT.title);
  const { requestId = '' } = useParams();
  const id = Number(requestId);
  const detail = useQuery(changeRequestQueryOptions(id));

  let body;
  if (detail.isPending) {
    body = <PageLoader label="Loading request" />;
  } else if (detail.isError && !detail.data) {
    body = (
      <LoadError message={`Error Message: ${detail.error.message}`} onRetry={detail.refetch} />
    );
  } else {
    body = <ChangeConfirmation type={type} detail={detail.data} />;
  }

  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }}>
      <Typography variant="h4" component="h1">
        {CHANGE_TEXT.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {`Request #${requestId} · ${CHANGE_TIMELINE[type]}`}
      </Typography>
      {body}
    </Box>
  );
}

function ChangeConfirmation({ type, detail }: { type: ChangeType; detail: RequestDetail }) {
  const requestId = detail.request.id;
  const pending = pendingChange(detail, type);
  const navigate = useNavigate();
  const [paying, setPaying] = useState(false);
  const returnFocus = useRef(false);

  const answer = useAnswerChange(type, requestId);
  const send = (accept: boolean, price: number) =>
    answer.mutate(
      { accept, price },
      {
        onSuccess: (response) => {
          showToast(response.message, 'success');
          void navigate(requestDetailPath(requestId));
        },
      },
    );

  const addresses = type === 'address' ? changedAddresses(detail) : null;
  const mapAddresses = addresses
    ? addresses
        .filter((entry) => entry.mark?.label !== CHANGE_MARKS.deleted)
        .map((entry) => entry.address)
    : detail.request_address;

  const map = (
    <Box
      role="region"
      aria-label={CHANGE_TEXT.map}
      sx={{
        position: 'relative',
        height: CHANGE_MAP_HEIGHT_PX,
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      <MapErrorBoundary name="change">
        <Suspense fallback={<MapLoading />}>
          <ChangeMap addresses={mapAddresses} />
        </Suspense>
      </MapErrorBoundary>
    </Box>
  );

  // The server's refusal stays in view, also when the change has since been answered.
  const error = answer.error ? errorMessage(answer.error) : null;
  const banner = error && <Alert severity="error">{error}</Alert>;

  if (!pending) {
    return (
      <Stack spacing={2}>
        {banner}
        <Alert severity="info">
          {CHANGE_TEXT.noChange}{' '}
          <Link component={RouterLink} to={requestDetailPath(requestId)}>
            {CHANGE_TEXT.backToRequest}
          </Link>
        </Alert>
        {map}
      </Stack>
    );
  }

  const { price } = pending;
  const timeline = detail.request.request_timeline_status;
  const needsPayment = changeNeedsPayment(timeline, toCents(price));
  const busy = answer.isPending;
  // The pressed button shows the call running; both stay disabled until it answers.
  const running = (accepting: boolean) =>
    busy && answer.variables?.accept === accepting ? (
      <CircularProgress size={16} color="inherit" aria-hidden />
    ) : undefined;

  const accept = () => {
    if (needsPayment) setPaying(true);
    else send(true, price);
  };
  // Back from the payment step returns focus to the Accept button that opened it, as it mounts.
  const focusAccept = (button: HTMLButtonElement | null) => {
    if (button && returnFocus.current) {
      returnFocus.current = false;
      button.focus();
    }
  };

  return (
    <Stack spacing={2}>
      {banner}
      <ChangeVersions type={type} detail={detail} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <DetailLine label={CHANGE_TEXT.price}>
          <Box component="span" sx={{ fontWeight: 700 }}>
            {signedMoney(price)}
          </Box>
        </DetailLine>
      </Paper>
      {paying ? (
        <ChangePayment
          price={price}
          busy={busy}
          onConfirm={() => send(true, price)}
          onBack={() => {
            returnFocus.current = true;
            setPaying(false);
          }}
        />
      ) : (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            variant="outlined"
            color="error"
            disabled={busy}
            startIcon={running(false)}
            onClick={() => send(false, price)}
          >
            {CHANGE_TEXT.reject}
          </Button>
          <Button
            ref={focusAccept}
            variant="contained"
            disabled={busy}
            startIcon={running(true)}
            onClick={accept}
          >
            {CHANGE_TEXT.accept}
          </Button>
        </Stack>
      )}
      {map}
    </Stack>
  );
}
