import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  isAwaitingAssignment,
  isLetterSigned,
  JOB_STAGE_LABELS,
  TIMELINE_LABELS,
  type JobSummary,
  type TimelineStatus,
  wirePhoneToMasked,
} from '@movehub/shared';
import { formatDate, formatMoveTime } from '../../lib/format-date';
import { dollars } from '../../lib/format-money';
import { Fact, Facts, SummaryCard } from '../../ui/summary-card';

/** spec "type (1 = PICK UP, otherwise DROP OFF)". */
const addressLabel = (type: number) => (type === 1 ? 'Pick up' : 'Drop off');

/**
 * Where the job stands, in words: the timeline's label, and for a direct request whether its
 * letter is still to send, sent or signed (its additional_status). The card and the job's page
 * say it alike.
 */
export function jobStatusText(
  job: Pick<JobSummary, 'stage' | 'is_direct' | 'request_timeline_status' | 'additional_status'>,
): string {
  if (job.stage === 'new_direct') return 'Confirmation letter not sent yet';
  if (job.is_direct && isAwaitingAssignment(job.request_timeline_status)) {
    return isLetterSigned(job.additional_status)
      ? 'Confirmation letter signed'
      : 'Confirmation letter sent, awaiting signature';
  }
  return (
    TIMELINE_LABELS[job.request_timeline_status as TimelineStatus] ?? JOB_STAGE_LABELS[job.stage]
  );
}

/** A direct request's mark and the job's stage, on its card and on its page. */
export function JobChips({ job }: { job: Pick<JobSummary, 'is_direct' | 'stage'> }) {
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {job.is_direct && <Chip variant="outlined" label="Direct request" />}
      <Chip color="primary" label={JOB_STAGE_LABELS[job.stage]} />
    </Stack>
  );
}

/**
 * One of the company's jobs: when, where, what, for how much, for
 * whom and where it stands. The customer's email and phone appear when the API sends them (once
 * the job is the company's; never when cancelled).
 */
export function JobCard({ job }: { job: JobSummary }) {
  const name = [job.customer.first_name, job.customer.last_name].filter(Boolean).join(' ');
  return (
    <SummaryCard
      headingId={`job-${job.id}`}
      title={`Request #${job.id}${job.move_type ? ` · ${job.move_type}` : ''}`}
      badges={<JobChips job={job} />}
    >
      <Facts>
        <Fact term="Date">{formatDate(job.s_date) || 'Not set'}</Fact>
        <Fact term="Window">{formatMoveTime(job) || 'Not set'}</Fact>
        <Fact term="Amount">
          {dollars(job.final_amount, { none: 'Not agreed yet', trimZeroCents: true })}
        </Fact>
        <Fact term="Customer">{name || 'Not given'}</Fact>
        {job.customer.email && <Fact term="Email">{job.customer.email}</Fact>}
        {job.customer.phone && <Fact term="Phone">{wirePhoneToMasked(job.customer.phone)}</Fact>}
        <Fact term="Items">{job.item_count}</Fact>
        {job.packing_count > 0 && <Fact term="Packing materials">{job.packing_count}</Fact>}
        <Fact term="Status">{jobStatusText(job)}</Fact>
      </Facts>

      <Typography variant="subtitle2" component="h3">
        Addresses
      </Typography>
      <Box component="ol" sx={{ pl: 2.5, mt: 0.5, mb: 0 }}>
        {job.request_address.map((address) => (
          <Typography component="li" variant="body2" key={address.id}>
            <strong>{addressLabel(address.address_type)}:</strong> {address.complete_address}
          </Typography>
        ))}
      </Box>
      <Button
        component={RouterLink}
        to={`/partner/jobs/${job.id}`}
        variant="outlined"
        sx={{ mt: 2 }}
        aria-label={`Open job #${job.id}`}
      >
        Open job
      </Button>
    </SummaryCard>
  );
}
