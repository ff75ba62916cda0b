import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  isMoveInProgress,
  isReadyToMove,
  moveStartRefusal,
  moveStartRefusalText,
  statusAfter,
  type ForemanJobDetail,
  type ServerItem,
  wirePhoneToMasked,
} from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { PartnerChat } from '../../lib/chat/partner-chat';
import { formatDate, formatDateTime, formatMoveTime } from '../../lib/format-date';
import { useDocumentTitle } from '../../lib/use-document-title';
import { DetailLine } from '../../ui/detail-line';
import { ItemList, type ListedItem } from '../../ui/item-list';
import { LoadError } from '../../ui/load-error';
import { PageLoader } from '../../ui/page-loader';
import { RequestAddresses } from '../../ui/request-addresses';
import { MOVE_DAY_TITLES, MoveDayDialogs } from '../../ui/move-day-dialogs';
import { Section } from '../../ui/section';
import { foremanJobQueryOptions, foremanKeys } from './foreman-api';
import { jobStatus } from './foreman-job-card';
import { LocationSharingPanel } from './location-sharing-panel';
import { useMoveStep } from './use-move-step';

export const MOVE_DIALOG_TEXT = {
  startTitle: MOVE_DAY_TITLES.start,
  startMessage:
    'The customer is told that the move has started, and this phone starts sharing the truck’s location with them.',
  completeTitle: MOVE_DAY_TITLES.complete,
  completeMessage:
    'Location sharing stops and the customer is asked to confirm the move and release the payment.',
} as const;

/** What a finished job says, by the status the move that finished it leads to. */
export const DONE_TEXT: Partial<Record<number, string>> = {
  [statusAfter('completeMove')]:
    'You marked this move complete. The customer is asked to confirm it.',
  [statusAfter('confirmComplete')]: 'The customer confirmed this move.',
  [statusAfter('giveFeedback')]: 'The customer confirmed this move and left feedback.',
  [statusAfter('cancel')]: 'This move was cancelled.',
};

/** What the crew carries: each line with its category, the customer's notes and photos. */
const crewItems = (items: ServerItem[]): ListedItem[] =>
  items.map((item) => ({
    key: item.id,
    name: item.name,
    line: `${item.name} × ${item.quantity}`,
    details: [item.category_name, item.additional_info].filter(Boolean).join(' · '),
    photos: item.request_item_image_models.map((image) => image.image_url),
  }));

export const CHAT_OPENS_TEXT = 'The chat with the customer opens when you start the move.';

function CustomerSection({ job }: { job: ForemanJobDetail }) {
  const name = [job.customer.first_name, job.customer.last_name].filter(Boolean).join(' ');
  const phone = job.customer.phone;
  return (
    <Section variant="plain" id="job-customer" title="Customer">
      <Typography>{name || 'Not given'}</Typography>
      {phone && (
        <>
          <Typography variant="body2" color="text.secondary">
            {wirePhoneToMasked(phone)}
          </Typography>
          {/* The phone's own apps too: a call, or a text when the customer is not in the app. */}
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button variant="outlined" href={`tel:${phone}`}>
              Call
            </Button>
            <Button variant="outlined" href={`sms:${phone}`}>
              Text message
            </Button>
          </Stack>
        </>
      )}
      {/* Not yet started: the server opens his chat with the move (status 5). */}
      {!job.chat && isReadyToMove(job.request_timeline_status) && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {CHAT_OPENS_TEXT}
        </Typography>
      )}
    </Section>
  );
}

/** His chat with the customer, while the server has it open (job.chat: the move under way). */
function ChatSection({ job }: { job: ForemanJobDetail }) {
  if (!job.chat) return null;
  const name = [job.customer.first_name, job.customer.last_name].filter(Boolean).join(' ');
  return (
    <Section variant="plain" id="job-chat" title="Chat with the customer">
      <PartnerChat
        chat={job.chat}
        customerName={name || 'Customer'}
        queryKey={foremanKeys.chat(job.id)}
      />
    </Section>
  );
}

/**
 * /partner/foreman/jobs/:requestId: one job on the foreman's phone. Where to
 * go (each address opens the maps app), what to carry, whom to call; Start move (4 → 5), the
 * location sharing while the move is in progress, and Complete move (5 → 6).
 */
export function ForemanJobPage() {
  const { requestId: raw } = useParams();
  const requestId = Number(raw);
  const valid = Number.isSafeInteger(requestId) && requestId > 0;
  useDocumentTitle(valid ? `Request #${requestId}` : 'Job');
  const queryClient = useQueryClient();
  const query = useQuery({ ...foremanJobQueryOptions(requestId), enabled: valid });
  const [dialog, setDialog] = useState<'start' | 'complete' | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: foremanKeys.all });
  const step = useMoveStep(requestId);
  const runStep = (action: 'start' | 'complete') =>
    step.mutate(action, { onSettled: () => setDialog(null) });

  const back = (
    <Link component={RouterLink} to="/partner/foreman" sx={{ display: 'inline-block', mb: 1 }}>
      ← My jobs
    </Link>
  );

  if (!valid) {
    return (
      <Box sx={{ p: 2, maxWidth: 640, mx: 'auto' }}>
        {back}
        <Alert severity="error">This job could not be found.</Alert>
      </Box>
    );
  }
  if (query.isPending) return <PageLoader label="Loading the job" />;
  if (query.isError) {
    return (
      <Box sx={{ p: 2, maxWidth: 640, mx: 'auto' }}>
        {back}
        <LoadError message={errorMessage(query.error)} onRetry={() => query.refetch()} />
      </Box>
    );
  }

  const job = query.data.data;
  const status = jobStatus(job.request_timeline_status);
  const assigned = isReadyToMove(job.request_timeline_status);
  // decision 042: he starts the move inside its window, on the service's clock (today_date).
  const startRefusal = assigned ? moveStartRefusal(job.move_date, job.today_date) : null;
  const inProgress = isMoveInProgress(job.request_timeline_status);
  const done = DONE_TEXT[job.request_timeline_status];

  return (
    <Box sx={{ p: 2, maxWidth: 640, mx: 'auto' }}>
      {back}
      <Stack spacing={3}>
        <Box>
          <Typography variant="h5" component="h1">
            Request #{job.id}
            {job.move_type ? ` · ${job.move_type}` : ''}
          </Typography>
          <Chip color={status.color} label={status.label} sx={{ my: 1 }} />
          <DetailLine label="Date">{formatDate(job.s_date)}</DetailLine>
          <DetailLine label="Time">{formatMoveTime(job) || 'Not set'}</DetailLine>
          {job.movers && <DetailLine label="Movers">{job.movers}</DetailLine>}
          {job.trucks.length > 0 && (
            <DetailLine label="Trucks">{job.trucks.map((t) => t.name).join(', ')}</DetailLine>
          )}
          {job.started_at && (
            <DetailLine label="Started">{formatDateTime(job.started_at)}</DetailLine>
          )}
          {job.completed_at && (
            <DetailLine label="Completed">{formatDateTime(job.completed_at)}</DetailLine>
          )}
        </Box>

        {assigned && (
          <Button
            variant="contained"
            size="large"
            fullWidth
            disabled={startRefusal !== null}
            onClick={() => setDialog('start')}
          >
            Start move
          </Button>
        )}
        {startRefusal && (
          <Alert severity="info">
            {moveStartRefusalText(startRefusal, job.move_date, formatDate)}
          </Alert>
        )}
        {inProgress && (
          <>
            <LocationSharingPanel requestId={job.id} onRefused={() => void refresh()} />
            <Button
              variant="contained"
              size="large"
              fullWidth
              onClick={() => setDialog('complete')}
            >
              Complete move
            </Button>
          </>
        )}
        {done && <Alert severity="info">{done}</Alert>}

        <CustomerSection job={job} />
        <ChatSection job={job} />

        <Section variant="plain" id="job-addresses" title="Addresses">
          <RequestAddresses addresses={job.request_address} headingLevel="h3" mapLinks />
        </Section>

        <Section variant="plain" id="job-inventory" title="Inventory">
          <ItemList
            items={crewItems(job.request_item)}
            label="Inventory items"
            empty="No items listed."
          />
        </Section>

        {job.extra_request_items.length > 0 && (
          <Section variant="plain" id="job-extra-items" title="Extra items">
            <ItemList
              items={crewItems(job.extra_request_items)}
              label="Extra items"
              empty="None."
            />
          </Section>
        )}

        {job.request_timeline.length > 0 && (
          <Section variant="plain" id="job-history" title="History">
            <Box component="ol" sx={{ pl: 2.5, m: 0 }}>
              {job.request_timeline.map((entry) => (
                <Typography component="li" variant="body2" key={entry.id}>
                  {entry.activity_title}{' '}
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    · {formatDateTime(entry.activity_datetime)}
                  </Box>
                </Typography>
              ))}
            </Box>
          </Section>
        )}

        {job.final_comment && (
          <Section variant="plain" id="job-note" title="Customer's note">
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {job.final_comment}
            </Typography>
          </Section>
        )}
      </Stack>

      <MoveDayDialogs
        open={dialog}
        messages={{
          start: MOVE_DIALOG_TEXT.startMessage,
          complete: MOVE_DIALOG_TEXT.completeMessage,
        }}
        pending={step.isPending}
        onConfirm={runStep}
        onClose={() => setDialog(null)}
        idPrefix="foreman"
      />
    </Box>
  );
}
