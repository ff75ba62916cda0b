import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  isMoveInProgress,
  isReadyToMove,
  TIMELINE_LABELS,
  type ForemanJob,
  type TimelineStatus,
} from '@movehub/shared';
import { formatDate, formatMoveTime } from '../../lib/format-date';

/** spec "type (1 = PICK UP, otherwise DROP OFF)". */
export const addressLabel = (type: number) => (type === 1 ? 'Pick up' : 'Drop off');

export const foremanJobPath = (requestId: number) => `/partner/foreman/jobs/${requestId}`;

/** The job's status in words, with the colour of its chip (never the only signal). */
export function jobStatus(status: number): {
  label: string;
  color: 'success' | 'primary' | 'default';
} {
  const label = TIMELINE_LABELS[status as TimelineStatus] ?? `Status ${status}`;
  if (isMoveInProgress(status)) return { label, color: 'success' };
  if (isReadyToMove(status)) return { label, color: 'primary' };
  return { label, color: 'default' };
}

/**
 * One of the foreman's jobs on his phone: the whole card opens the job. When, where from and
 * to, for whom and where it stands.
 */
export function ForemanJobCard({ job }: { job: ForemanJob }) {
  const headingId = `foreman-job-${job.id}`;
  const status = jobStatus(job.request_timeline_status);
  const first = job.request_address[0];
  const last = job.request_address.length > 1 ? job.request_address.at(-1) : undefined;
  return (
    <Card component="article" variant="outlined" aria-labelledby={headingId}>
      <CardActionArea component={RouterLink} to={foremanJobPath(job.id)} sx={{ p: 2 }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 1 }}
        >
          <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Request #{job.id}
            {job.move_type ? ` · ${job.move_type}` : ''}
          </Typography>
          <Chip size="small" color={status.color} label={status.label} />
        </Stack>
        <Typography variant="body2">
          {formatDate(job.s_date)} · {formatMoveTime(job) || 'Time not set'}
        </Typography>
        {job.customer_first_name && (
          <Typography variant="body2">Customer: {job.customer_first_name}</Typography>
        )}
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {[first, last].filter(Boolean).map((address) => (
            <Typography
              component="li"
              variant="body2"
              color="text.secondary"
              key={address!.id}
              sx={{ overflowWrap: 'anywhere' }}
            >
              <strong>{addressLabel(address!.address_type)}:</strong> {address!.complete_address}
            </Typography>
          ))}
        </Box>
        <Typography variant="caption" color="text.secondary">
          {job.item_count === 1 ? '1 item' : `${job.item_count} items`}
          {job.packing_count > 0 && ` · ${job.packing_count} packing materials`}
          {job.movers ? ` · ${job.movers} movers` : ''}
        </Typography>
      </CardActionArea>
    </Card>
  );
}
