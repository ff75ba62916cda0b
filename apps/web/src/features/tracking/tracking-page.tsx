import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type RefObject,
} from 'react';
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
 * come from get_tracking, then live from the realtime channel. Once the company has marked the
 * move complete (issue 31) the page says so and draws the route the truck travelled. A failure
 * of either call is shown as a browser alert with the server's message (§8 "as a browser alert
 * on a tracking detail failure"): the server refuses positions before the move starts and on a
 * cancelled request, and says why.
 */

export const TRACKING_TEXT = {
  moving: 'Moving',
  tracking: 'Tracking',
  complete: 'Move complete',
  waiting: 'Waiting for the truck’s location.',
  live: (time: string) => `The truck is on its way. Last location update at ${time}.`,
  travelled: 'The move is complete. The blue line is the route the truck travelled.',
} as const;

export const orderTitle = (requestId: string | number) => `ORDER # ${requestId}`;

/** spec §9: "Tracking map height is window height minus 60 on widths of 769 and above". */
const WIDE = `@media (min-width:${MOBILE_BREAKPOINT_PX}px)`;
/** Below it (a phone): the "full-height map" reaches the window's bottom from where it starts. */
const NARROW = `@media (max-width:${MOBILE_BREAKPOINT_PX - 0.02}px)`;

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
export function liveText(truck: TrackingPoint | null, complete = false): string {
  if (complete) return TRACKING_TEXT.travelled;
  const time = (at: string) =>
    new Date(at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return truck ? TRACKING_TEXT.live(time(truck.created_at)) : TRACKING_TEXT.waiting;
}

/**
 * Where the map starts on the page (its top, page-relative), measured before the first paint,
 * when the window changes and when what is above it does (`above`): a phone's map is as tall as
 * the window below it.
 */
function useTopOf(ref: RefObject<HTMLElement | null>, above: unknown): number | null {
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const node = ref.current;
      if (node) setTop(Math.max(0, Math.round(node.getBoundingClientRect().top + window.scrollY)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [ref, above]);
  return top;
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

  const points = tracking.data?.points ?? [];
  const complete = tracking.data?.complete === true;
  // After the move there is no live truck, only the route it travelled.
  const truck = complete ? null : (points.at(-1) ?? null);
  const heading = truckHeading(points);
  const region = useRef<HTMLDivElement>(null);
  const top = useTopOf(region, complete);

  return (
    // On a phone the page ends with the map: the layout's bottom padding would scroll it.
    <Box component="section" aria-labelledby="tracking-title" sx={{ mt: -1, [NARROW]: { mb: -4 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography id="tracking-title" component="h1" variant="h6" sx={{ fontWeight: 700 }}>
          {orderTitle(requestId)}
        </Typography>
        <Chip
          label={
            complete
              ? TRACKING_TEXT.complete
              : truck
                ? TRACKING_TEXT.moving
                : TRACKING_TEXT.tracking
          }
          color={complete ? 'primary' : truck ? 'success' : 'default'}
          size="small"
        />
      </Stack>
      {complete && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {TRACKING_TEXT.travelled}
        </Typography>
      )}
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {liveText(truck, complete)}
      </Box>
      <Box
        ref={region}
        role="region"
        aria-label="Tracking map"
        sx={{
          position: 'relative',
          height: top === null ? '70vh' : `calc(100dvh - ${top}px)`,
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
              travelled={complete ? points : null}
            />
          </Suspense>
        </MapErrorBoundary>
      </Box>
    </Box>
  );
}
