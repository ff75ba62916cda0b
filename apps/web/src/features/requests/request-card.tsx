import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Rating from '@mui/material/Rating';
import {
  canMakePayment,
  canOpenCompaniesList,
  discountedCents,
  formatUsd,
  hasFeedback,
  isAwaitingAssignment,
  toCents,
  type RequestListEntry,
} from '@movehub/shared';
import { dollars } from '../../lib/format-money';
import { formatDate, formatMoveTime } from '../../lib/format-date';
import { requestDetailPath } from '../../lib/request-paths';
import { RequestActions } from './request-actions';
import { effectiveTimelineStatus, requestStatusLabel } from './request-status';
import { LetteredAddressList } from '../../ui/lettered-address-list';

/** spec/request-lifecycle.md §9: "A fixed tip of $35 is shown at status 8 on the request card". */
export const CARD_FIXED_TIP_DOLLARS = 35;

/** One request of My Requests (spec/request-lifecycle.md §2 "Request card (list)"). */
export function RequestCard({ entry }: { entry: RequestListEntry }) {
  const { request } = entry;
  const headingId = `request-${request.id}-heading`;
  const timeline = effectiveTimelineStatus(entry);
  const statusLabel = requestStatusLabel(entry);
  const date = formatDate(request.s_date);
  const time = formatMoveTime(request);

  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none' }}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{
            justifyContent: 'space-between',
            alignItems: { xs: 'flex-start', sm: 'center' },
            mb: 1.5,
          }}
        >
          <Typography id={headingId} variant="h6" component="h2">
            Request #{request.id}
          </Typography>
          {statusLabel && <Chip label={statusLabel} color="primary" variant="outlined" />}
        </Stack>

        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 0.5, sm: 3 }}
          sx={{ mb: 1.5 }}
        >
          {date && (
            <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <CalendarMonthIcon aria-hidden fontSize="small" />
              <span>
                <Box component="span" sx={{ fontWeight: 600 }}>
                  Date:
                </Box>{' '}
                {date}
              </span>
            </Typography>
          )}
          {time && (
            <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <ScheduleIcon aria-hidden fontSize="small" />
              <span>
                <Box component="span" sx={{ fontWeight: 600 }}>
                  Time:
                </Box>{' '}
                {time}
              </span>
            </Typography>
          )}
        </Stack>

        {entry.request_address.length > 0 && (
          <LetteredAddressList
            label={`Addresses of request #${request.id}`}
            addresses={entry.request_address.map((address) => ({
              id: address.id,
              text: address.complete_address,
            }))}
          />
        )}

        <CardStatusLines entry={entry} timeline={timeline} />
        <RequestActions requestId={request.id} timeline={timeline} sx={{ mt: 1.5 }} />
      </CardContent>

      {/*
        The spec hides the detail arrow on cancelled requests (request_status 2); ours opens
        their read-only detail, where the refund and the receipts are (decision 041).
      */}
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2, pt: 0 }}>
        <Button
          component={RouterLink}
          to={requestDetailPath(request.id)}
          endIcon={<ArrowForwardIcon aria-hidden />}
          aria-label={`View details of request #${request.id}`}
        >
          View details
        </Button>
      </CardActions>
    </Card>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography sx={{ overflowWrap: 'anywhere' }}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {label}:
      </Box>{' '}
      {children}
    </Typography>
  );
}

/** What a card shows for its timeline status (spec/request-lifecycle.md §2 "Request card"). */
function CardStatusLines({ entry, timeline }: { entry: RequestListEntry; timeline: number }) {
  const { request } = entry;
  if (canOpenCompaniesList(timeline)) {
    return (
      <Typography sx={{ mt: 1.5 }}>
        <Box component="span" sx={{ fontWeight: 600 }}>
          Bids received: {entry.request_bid.length}
        </Box>{' '}
        <Link component={RouterLink} to={`/dashboard/my-requests/companies-list/${request.id}`}>
          Show All
        </Link>
      </Typography>
    );
  }
  if (canMakePayment(timeline)) {
    const finalCents = toCents(request.final_amount ?? 0);
    return (
      <Stack spacing={0.5} sx={{ mt: 1.5 }}>
        <Line label="Final Price">{dollars(request.final_amount)}</Line>
        <Line label="Discounted Price">
          {formatUsd(discountedCents(finalCents, request.discount))}
        </Line>
      </Stack>
    );
  }
  if (isAwaitingAssignment(timeline)) {
    return (
      <Stack spacing={0.5} sx={{ mt: 1.5 }}>
        {entry.company_profile && <Line label="Company">{entry.company_profile.name}</Line>}
        {request.final_amount !== null && (
          <Line label="Price">{dollars(request.final_amount)}</Line>
        )}
        {request.final_comment && <Line label="Comment">{request.final_comment}</Line>}
      </Stack>
    );
  }
  if (hasFeedback(timeline)) {
    const feedback = entry.get_feedback;
    const tip = feedback?.tip ?? CARD_FIXED_TIP_DOLLARS;
    const rating = feedback?.company_rating ?? 0;
    return (
      <Stack spacing={0.5} sx={{ mt: 1.5 }}>
        <Line label="Tip">{dollars(tip)}</Line>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            Rating:
          </Box>
          <Rating
            value={rating}
            precision={0.1}
            readOnly
            size="small"
            getLabelText={(value) => `Rating: ${value} out of 5 stars`}
          />
        </Box>
        {feedback?.company_comment && <Line label="Feedback">{feedback.company_comment}</Line>}
      </Stack>
    );
  }
  return null;
}
