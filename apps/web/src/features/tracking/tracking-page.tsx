import { lazy, Suspense, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MOBILE_BREAKPOINT_PX, type TrackingPoint } from '@movehub/shared';
import { useDocumentTitle } from '../../lib/use-document-title';
import { visuallyHidden } from '../../ui/visually-hidden';
import { trackedRequestQueryOptions, trackingQueryOptions } from './tracking-api';
import { truckHeading } from './truck-heading';
import { useLiveTracking } from './use-live-tracking';
import { MapError, MapErrorBoundary } from '../../lib/maps/map-error';
import { MapLoading } from '../../lib/maps/map-loading';

/*
 * /dashboard/my-requests/tracking-location/{requestId} (spec/request-lifecycle.md "Tracking",
 * §8, §9): the truck of a move in progress on a full-height map headed
 * 'ORDER # {requestId}', 'Moving' once the truck has a position and 'Tracking' before. The points
 * come from get_tracking, then live from the realtime channel. A failure of either call is shown
 * as a browser alert with the server's message (§8 "as a browser alert on a tracking detail
 * failure"): the server refuses positions before the move starts and after it ends, and says why.
 */

export const TRACKING_TEXT = {
  moving: 'Moving',
  tracking: 'Tracking',
  waiting: 'Waiting for the truck’s location.',
  live: (time: string) => `The truck is on its way. Last location update at ${time}.`,
} as const;

export const orderTitle = (requestId: string | number) => `ORDER # ${requestId}`;

/** spec §9: "Tracking map height is window height minus 60 on widths of 769 and above". */
const WIDE = `@media (min-width:${MOBILE_BREAKPOINT_PX}px)`;

// Leaflet and the basemap load with the map only; a chunk that fails to load shows 'Error'.
const TrackingMap = lazy(() =>
  import('./tracking-map').then(
    (module) => ({ default: module.TrackingMap }),
    () => ({ default: MapError }),
  ),
);

/** One browser alert per failure, with the server's message. */
function useFailureAlert(error: Error | null) {
  useEffect(() => {
    if (error) window.alert(error.message);
  }, [error]);
}

/**
 * The screen readers' line. Its time is to the minute: the region is polite and live, and a
 * text that changed with every point would be read out every second.
 */
export function liveText(truck: TrackingPoint | null): string {
  const time = (at: string) =>
    new Date(at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return truck ? TRACKING_TEXT.live(time(truck.created_at)) : TRACKING_TEXT.waiting;
}

export function TrackingPage() {
  const { requestId = '' } = useParams();
  const id = Number(requestId);
  useDocumentTitle(orderTitle(requestId));
  const request = useQuery(trackedRequestQueryOptions(id));
  const tracking = useQuery(trackingQueryOptions(id));
  useLiveTracking(id);
  // One alert for one failure: a request that is not the customer's fails both reads.
  useFailureAlert(request.error ?? tracking.error);

  const points = tracking.data ?? [];
  const truck = points.at(-1) ?? null;
  const heading = truckHeading(points);

  return (
    <Box component="section" aria-labelledby="tracking-title" sx={{ mt: -1 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography id="tracking-title" component="h1" variant="h6" sx={{ fontWeight: 700 }}>
          {orderTitle(requestId)}
        </Typography>
        <Chip
          label={truck ? TRACKING_TEXT.moving : TRACKING_TEXT.tracking}
          color={truck ? 'success' : 'default'}
          size="small"
        />
      </Stack>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {liveText(truck)}
      </Box>
      <Box
        role="region"
        aria-label="Tracking map"
        sx={{
          position: 'relative',
          height: '70vh',
          minHeight: 320,
          [WIDE]: { height: 'calc(100vh - 60px)' },
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        <MapErrorBoundary name="tracking">
          <Suspense fallback={<MapLoading />}>
            <TrackingMap
              addresses={request.data?.request_address ?? []}
              truck={truck}
              heading={heading}
            />
          </Suspense>
        </MapErrorBoundary>
      </Box>
    </Box>
  );
}
