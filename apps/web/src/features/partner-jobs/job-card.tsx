import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatUsd,
  isAwaitingAssignment,
  isLetterSigned,
  JOB_STAGE_LABELS,
  TIMELINE_LABELS,
  toCents,
  type JobSummary,
  type TimelineStatus,
} from '@movehub/shared';
import { formatDate, formatMoveTime } from '../../lib/format-date';

const dollars = (amount: number) => formatUsd(toCents(amount), { trimZeroCents: true });

/** spec "type (1 = PICK UP, otherwise DROP OFF)". */
const addressLabel = (type: number) => (type === 1 ? 'Pick up' : 'Drop off');

/**
 * Where the job stands, in words: the timeline's label, and for a direct request whether its
 * letter is still to send, sent or signed (its additional_status).
 */
export function jobStatusText(job: JobSummary): string {
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

/** A term and its value in the card's facts. */
function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * One of the company's jobs: when, where, what, for how much, for
 * whom and where it stands. The customer's email and phone appear when the API sends them (once
 * the job is the company's; never when cancelled).
 */
export function JobCard({ job }: { job: JobSummary }) {
  const headingId = `job-${job.id}`;
  const name = [job.customer.first_name, job.customer.last_name].filter(Boolean).join(' ');
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography id={headingId} variant="h6" component="h2">
          Request #{job.id}
          {job.move_type ? ` · ${job.move_type}` : ''}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          {job.is_direct && <Chip variant="outlined" label="Direct request" />}
          <Chip color="primary" label={JOB_STAGE_LABELS[job.stage]} />
        </Stack>
      </Stack>

      <Box
        component="dl"
        sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1.5, m: 0, mb: 2 }}
      >
        <Fact term="Date">{formatDate(job.s_date) || 'Not set'}</Fact>
        <Fact term="Window">{formatMoveTime(job) || 'Not set'}</Fact>
        <Fact term="Amount">
          {job.final_amount === null ? 'Not agreed yet' : dollars(job.final_amount)}
        </Fact>
        <Fact term="Customer">{name || 'Not given'}</Fact>
        {job.customer.email && <Fact term="Email">{job.customer.email}</Fact>}
        {job.customer.phone && <Fact term="Phone">{job.customer.phone}</Fact>}
        <Fact term="Items">{job.item_count}</Fact>
        <Fact term="Status">{jobStatusText(job)}</Fact>
      </Box>

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
    </Paper>
  );
}
