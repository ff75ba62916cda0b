import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  canComment,
  canProposeChange,
  EDIT_CHANGE_TYPES,
  isLetterSigned,
  moveStartRefusal,
  moveStartRefusalText,
  type ChangeStatus,
  type EditChangeType,
  type JobChange,
  type JobDetail,
  type ServerItem,
  wirePhoneToMasked,
} from '@movehub/shared';
import { isApiError } from '../../lib/api-client';
import { PartnerChat } from '../../lib/chat/partner-chat';
import { PartnerComments } from '../../lib/partner-comments';
import { downloadPartnerFile } from '../../lib/partner-api';
import { formatDate, formatDateTime, formatMoveTime } from '../../lib/format-date';
import { dollars } from '../../lib/format-money';
import { useDocumentTitle } from '../../lib/use-document-title';
import { DetailLine } from '../../ui/detail-line';
import { ItemList, type ListedItem } from '../../ui/item-list';
import { LoadError } from '../../ui/load-error';
import { PageLoader } from '../../ui/page-loader';
import { RequestAddresses } from '../../ui/request-addresses';
import { MOVE_DAY_TITLES, MoveDayDialogs } from '../../ui/move-day-dialogs';
import { Section } from '../../ui/section';
import { AssignCrewDialog } from './assign-crew-dialog';
import { JobChips, jobStatusText } from './job-card';
import { jobDetailKeys, jobDetailQueryOptions, refreshJob } from './job-detail-api';
import { LetterDialog } from './letter-dialog';
import { PriceChangeDialog } from './price-change-dialog';
import { CHANGE_TYPE_LABELS, ProposeChangeDialog } from './propose-change-dialog';
import { useMoveDayStep } from './use-job-mutations';

export const JOB_NOT_FOUND_TEXT = 'This job was not found. It may belong to another company.';
export const WAITING_FOR_SIGNATURE = 'Waiting for the customer to sign the confirmation letter.';
export const CONTACT_HIDDEN_TEXT =
  "The customer's email and phone are not shown for a cancelled job.";
export const NO_CHANGES_TEXT = 'No changes proposed.';

/** The company runs its own move day: what each step's confirmation says. */
export const MOVE_DAY_DIALOG_TEXT = {
  startTitle: MOVE_DAY_TITLES.start,
  startMessage:
    'The customer is told that the move has started; the truck shows on their map while your foreman shares its location.',
  completeTitle: MOVE_DAY_TITLES.complete,
  completeMessage: 'The customer is asked to confirm the move and release the payment.',
} as const;

export const CHANGE_STATUS_LABELS: Record<ChangeStatus, string> = {
  awaiting_price: 'Awaiting your price',
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
};
const CHANGE_STATUS_COLORS: Record<ChangeStatus, 'default' | 'warning' | 'success' | 'error'> = {
  awaiting_price: 'warning',
  pending: 'warning',
  accepted: 'success',
  rejected: 'error',
};

/** The console's prices: whole dollars as a rule, and said when not set. */
const PRICE = { none: 'Not set', trimZeroCents: true };
const signed = (amount: number) => `${amount > 0 ? '+' : ''}${dollars(amount, PRICE)}`;

/** An inventory line as the company reads it: the name first, then what the customer added. */
const jobItems = (items: ServerItem[]): ListedItem[] =>
  items.map((item) => ({
    key: item.id,
    name: item.name,
    line: (
      <>
        <strong>{item.name}</strong> × {item.quantity}
      </>
    ),
    details: [item.category_name, item.additional_info].filter(Boolean).join(' · '),
    photos: item.request_item_image_models.map((img) => img.image_url),
  }));

type OpenDialog = 'assign' | 'letter' | 'change' | 'start' | 'complete' | null;

type PricedEdit = JobChange & { type: EditChangeType };

/** A customer's own edit waiting for the company's price (decision 021). */
const awaitsPrice = (change: JobChange): change is PricedEdit =>
  change.status === 'awaiting_price' &&
  (EDIT_CHANGE_TYPES as readonly string[]).includes(change.type);

/**
 * /partner/jobs/:requestId:
 * one of the company's jobs in full, and what the company does at its stage: send a direct
 * request's letter and open it signed, assign the crew once paid, propose changes and follow the
 * customer's answers (live: the layout reloads the console's queries on each notification),
 * comment, and chat with the customer once paid.
 */
export function JobDetailPage() {
  const params = useParams();
  const requestId = Number(params.requestId);
  const valid = Number.isInteger(requestId) && requestId > 0;
  useDocumentTitle(valid ? `Job #${requestId}` : 'Job');
  const query = useQuery({ ...jobDetailQueryOptions(requestId), enabled: valid });

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1000, mx: 'auto' }}>
      <Button
        component={RouterLink}
        to="/partner/jobs"
        startIcon={<ArrowBackIcon aria-hidden />}
        sx={{ mb: 1, ml: -1 }}
      >
        My jobs
      </Button>
      {!valid || (query.isError && isApiError(query.error) && query.error.code === 404) ? (
        <>
          <Typography variant="h4" component="h1" gutterBottom>
            Job not found
          </Typography>
          <Alert severity="info">{JOB_NOT_FOUND_TEXT}</Alert>
        </>
      ) : query.isPending ? (
        <PageLoader label="Loading the job" />
      ) : query.isError ? (
        <>
          <Typography variant="h4" component="h1" gutterBottom>
            Job #{requestId}
          </Typography>
          <LoadError message={query.error.message} onRetry={query.refetch} />
        </>
      ) : (
        <JobDetailView job={query.data} />
      )}
    </Box>
  );
}

function JobDetailView({ job }: { job: JobDetail }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // The customer's edit whose price the company is setting, if any.
  const [pricing, setPricing] = useState<PricedEdit | null>(null);
  const close = () => setDialog(null);
  const lifecycle = {
    request_type: job.is_direct ? 1 : 0,
    request_timeline_status: job.request_timeline_status,
    request_status: job.request_status,
  };
  const name = [job.customer.first_name, job.customer.last_name].filter(Boolean).join(' ');
  const letter = job.letter;
  const signedLetter = Boolean(letter?.signed_at) || isLetterSigned(job.additional_status);
  // Paid (a direct request once signed): assign; assigned and not started: change the crew.
  const canAssign =
    (job.stage === 'paid' && (!job.is_direct || signedLetter)) || job.stage === 'assigned';
  const proposable = canProposeChange(lifecycle);
  // decision 042: the move starts inside its window, on the service's clock (today_date).
  const startRefusal =
    job.stage === 'assigned' ? moveStartRefusal(job.move_date, job.today_date) : null;
  const queryClient = useQueryClient();
  const moveDay = useMoveDayStep();
  const runStep = (step: 'start' | 'complete') =>
    moveDay.mutate({ requestId: job.id, step }, { onSettled: close });

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h4" component="h1">
          Job #{job.id}
          {job.move_type ? ` · ${job.move_type}` : ''}
        </Typography>
        <JobChips job={job} />
      </Stack>

      <Section title="Stage">
        <Stack spacing={1.5}>
          <DetailLine label="Status">{jobStatusText(job)}</DetailLine>
          {job.assigned_foreman && (
            <DetailLine label="Foreman">
              {`${job.assigned_foreman.first_name} ${job.assigned_foreman.last_name}`.trim()}
            </DetailLine>
          )}
          {job.assigned_trucks.length > 0 && (
            <DetailLine label="Trucks">
              {job.assigned_trucks.map((t) => t.name).join(', ')}
            </DetailLine>
          )}
          {letter?.sent_at && (
            <DetailLine label="Letter sent">{formatDateTime(letter.sent_at)}</DetailLine>
          )}
          {letter?.signed_at && (
            <DetailLine label="Letter signed">{formatDateTime(letter.signed_at)}</DetailLine>
          )}
          {letter?.sent_at && !signedLetter && job.stage !== 'cancelled' && (
            <Alert severity="info">{WAITING_FOR_SIGNATURE}</Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {job.stage === 'new_direct' && (
              <Button variant="contained" onClick={() => setDialog('letter')}>
                Send confirmation letter
              </Button>
            )}
            {letter?.pdf_url && (
              <Button
                variant="outlined"
                onClick={() =>
                  void downloadPartnerFile(
                    letter.pdf_url!,
                    `confirmation-letter-${job.id}.pdf`,
                  ).catch(() => undefined)
                }
              >
                Open signed PDF
              </Button>
            )}
            {canAssign && (
              <Button
                variant={job.stage === 'assigned' ? 'outlined' : 'contained'}
                onClick={() => setDialog('assign')}
              >
                {job.assigned_foreman ? 'Change foreman and trucks' : 'Assign foreman and trucks'}
              </Button>
            )}
            {job.stage === 'assigned' && (
              <Button
                variant="contained"
                disabled={startRefusal !== null}
                onClick={() => setDialog('start')}
              >
                Start move
              </Button>
            )}
            {job.stage === 'in_progress' && (
              <Button variant="contained" onClick={() => setDialog('complete')}>
                Complete move
              </Button>
            )}
          </Stack>
          {startRefusal && (
            <Alert severity="info">
              {moveStartRefusalText(startRefusal, job.move_date, formatDate)}
            </Alert>
          )}
        </Stack>
      </Section>

      <Section title="Move">
        <Stack spacing={1}>
          <DetailLine label="Date">{formatDate(job.s_date) || 'Not set'}</DetailLine>
          <DetailLine label="Window">{formatMoveTime(job) || 'Not set'}</DetailLine>
          <DetailLine label="Movers">{job.movers ?? 'Not set'}</DetailLine>
          <DetailLine label="Agreed price">
            {dollars(job.final_amount, { ...PRICE, none: 'Not agreed yet' })}
          </DetailLine>
          <DetailLine label="Customer's price">{dollars(job.customer_budget, PRICE)}</DetailLine>
          <DetailLine label="Estimate">{dollars(job.recommend_amount, PRICE)}</DetailLine>
          {job.final_comment && (
            <DetailLine label="Customer's note">{job.final_comment}</DetailLine>
          )}
        </Stack>
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
          Addresses
        </Typography>
        <Box sx={{ mt: 1 }}>
          <RequestAddresses addresses={job.request_address} headingLevel="h4" mapLinks />
        </Box>
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
          Inventory
        </Typography>
        <ItemList items={jobItems(job.request_item)} label="Inventory" empty="None." />
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
          Extra items
        </Typography>
        <ItemList items={jobItems(job.extra_request_items)} label="Extra items" empty="None." />
      </Section>

      <Section title="Customer">
        <Stack spacing={1}>
          <DetailLine label="Name">{name || 'Not given'}</DetailLine>
          {job.customer.email && <DetailLine label="Email">{job.customer.email}</DetailLine>}
          {job.customer.phone && (
            <DetailLine label="Phone">{wirePhoneToMasked(job.customer.phone)}</DetailLine>
          )}
          {!job.customer.email && !job.customer.phone && (
            <Typography variant="body2" color="text.secondary">
              {CONTACT_HIDDEN_TEXT}
            </Typography>
          )}
        </Stack>
      </Section>

      <Section
        title="Changes"
        action={
          proposable && (
            <Button variant="outlined" onClick={() => setDialog('change')}>
              Propose a change
            </Button>
          )
        }
      >
        {job.changes.length === 0 ? (
          <Typography color="text.secondary">{NO_CHANGES_TEXT}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {job.changes.map((change) => (
              <Box
                component="li"
                key={change.change_id}
                sx={{ listStyle: 'none', borderLeft: 3, borderColor: 'divider', pl: 1.5 }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="subtitle2" component="p">
                    {CHANGE_TYPE_LABELS[change.type]}
                  </Typography>
                  <Chip
                    size="small"
                    color={CHANGE_STATUS_COLORS[change.status]}
                    label={CHANGE_STATUS_LABELS[change.status]}
                  />
                </Stack>
                <Typography variant="body2">{change.summary}</Typography>
                <Typography variant="body2" color="text.secondary">
                  Price {signed(change.price)} · proposed {formatDateTime(change.proposed_at)}
                  {change.decided_at ? ` · answered ${formatDateTime(change.decided_at)}` : ''}
                </Typography>
                {awaitsPrice(change) && (
                  <Button
                    size="small"
                    variant="contained"
                    sx={{ mt: 1 }}
                    onClick={() => setPricing(change)}
                  >
                    Set price
                  </Button>
                )}
              </Box>
            ))}
          </Box>
        )}
      </Section>

      <Section title="Comments">
        <PartnerComments
          requestId={job.id}
          threads={job.comments_array}
          nextBeforeId={job.comments_next_before_id}
          pagesKey={jobDetailKeys.comments(job.id, job.comments_next_before_id)}
          open={canComment(lifecycle)}
          onSent={() => refreshJob(queryClient)}
        />
      </Section>

      {job.chat && (
        <Section title="Chat with the customer">
          <PartnerChat
            chat={job.chat}
            customerName={name || 'Customer'}
            queryKey={jobDetailKeys.chat(job.id)}
          />
        </Section>
      )}

      {dialog === 'assign' && <AssignCrewDialog job={job} onClose={close} />}
      <MoveDayDialogs
        open={dialog === 'start' || dialog === 'complete' ? dialog : null}
        messages={{
          start: MOVE_DAY_DIALOG_TEXT.startMessage,
          complete: MOVE_DAY_DIALOG_TEXT.completeMessage,
        }}
        pending={moveDay.isPending}
        onConfirm={runStep}
        onClose={close}
        idPrefix="job"
      />
      {dialog === 'letter' && <LetterDialog requestId={job.id} onClose={close} />}
      {dialog === 'change' && <ProposeChangeDialog job={job} onClose={close} />}
      {pricing && (
        <PriceChangeDialog requestId={job.id} change={pricing} onClose={() => setPricing(null)} />
      )}
    </Stack>
  );
}
