import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '@movehub/shared';
import { geoConfigQueryOptions } from '../../../lib/maps/geo-query';
import { MapPreview } from '../../../lib/maps/map-preview';
import { AddressList } from '../addresses/address-list';
import { Screen } from '../draft';
import {
  hasMapStepErrors,
  mapStepErrors,
  withoutEmptyAddedAddresses,
  type MapStepErrors,
} from './map-step-validation';
import { MoveDateTime } from './move-date-time';
import { useWizard } from '../wizard-context';

function MapUnavailable() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', p: 2 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        The map could not be loaded. Your addresses are kept all the same.
      </Typography>
    </Box>
  );
}

// Leaflet, its styles and the US atlas load with the map only, not with the
// wizard's other steps; a chunk that fails to load leaves the form usable.
const WizardMap = lazy(() =>
  import('./wizard-map').then(
    (module) => ({ default: module.WizardMap }),
    () => ({ default: MapUnavailable }),
  ),
);

const NO_ERRORS: MapStepErrors = { date: null, addresses: {} };

/**
 * Before any address is placed the map has nothing to show but the area: a picture of it, at the
 * map's centre and zoom, stands in for Leaflet (about 46 kB gzipped) until the customer places an
 * address or asks for the map (decision 029).
 */
function AreaPreview({ onExplore }: { onExplore: () => void }) {
  const config = useQuery(geoConfigQueryOptions());
  const settings = config.data?.data;
  return (
    <Box sx={{ position: 'relative', width: '100%', height: '100%' }}>
      {config.isPending ? (
        <Skeleton variant="rectangular" width="100%" height="100%" />
      ) : (
        <MapPreview
          center={settings?.default_center ?? MAP_DEFAULT_CENTER}
          zoom={settings?.default_zoom ?? MAP_DEFAULT_ZOOM}
        />
      )}
      <Box
        sx={{
          position: 'absolute',
          left: 8,
          right: 8,
          bottom: 8,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          px: 1,
          py: 0.5,
          borderRadius: 1,
          bgcolor: 'rgba(255, 255, 255, 0.92)',
        }}
      >
        <Typography variant="body2">Your addresses appear here once you pick them.</Typography>
        <Button
          variant="outlined"
          size="small"
          onClick={onExplore}
          sx={{ bgcolor: 'background.paper' }}
        >
          Explore the map
        </Button>
      </Box>
    </Box>
  );
}

/**
 * Step 0, the map screen (spec/request-lifecycle.md §2 "Request wizard"): the move date and time
 * window, the addresses A to F with autocomplete, and the map with the markers and the route.
 * Next checks §5 "Step 0" and opens step 1; Back returns to /dashboard.
 */
export function StepMap() {
  const { draft, update, goTo, goBack } = useWizard();
  // Errors show once Next was tried, then follow every change (a fixed field turns back).
  const [tried, setTried] = useState(false);
  const now = new Date();
  const errors = tried ? mapStepErrors(draft, now) : NO_ERRORS;
  // The interactive map once an address is placed or the customer asked for it.
  const anyPlaced = draft.addressList.some((a) => a.lat !== null && a.lng !== null);
  const [mapAsked, setMapAsked] = useState(false);

  // Suggestions picked whose place is still being looked up. Next waits for them: the card is
  // filled only when the lookup answers, and a Next read before it would find it empty.
  const [choosing, setChoosing] = useState(0);
  const nextWaiting = useRef(false);
  const onChoosing = useCallback((change: 1 | -1) => setChoosing((n) => n + change), []);

  const next = useCallback(() => {
    const found = mapStepErrors(draft, new Date());
    if (hasMapStepErrors(found)) {
      setTried(true);
      // The first field to fix takes the focus (the date comes first on the page).
      const firstAddress = draft.addressList.find((address) => found.addresses[address.id]);
      const target = found.date
        ? 'move-date'
        : firstAddress
          ? `address-field-${firstAddress.id}`
          : null;
      if (target) document.getElementById(target)?.focus();
      return;
    }
    update((current) => ({
      ...current,
      addressList: withoutEmptyAddedAddresses(current.addressList),
    }));
    goTo(Screen.details);
  }, [draft, update, goTo]);

  // Once the lookups are done, the Next that waited for them runs on the draft they filled.
  useEffect(() => {
    if (choosing > 0 || !nextWaiting.current) return;
    nextWaiting.current = false;
    next();
  }, [choosing, next]);

  const onNext = () => {
    if (choosing > 0) nextWaiting.current = true;
    else next();
  };

  return (
    <Box component="section" aria-labelledby="step-map-title">
      <Typography id="step-map-title" component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        When and where are you moving?
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          alignItems: 'start',
        }}
      >
        <Box>
          <Typography component="h2" variant="h6" sx={{ mb: 1.5 }}>
            Move date and time
          </Typography>
          <MoveDateTime
            value={{ date: draft.date, timeRange: draft.timeRange }}
            onChange={({ date, timeRange }) =>
              update((current) => ({ ...current, date, timeRange }))
            }
            error={errors.date}
            now={now}
          />
          <Typography component="h2" variant="h6" sx={{ mt: 3, mb: 1.5 }}>
            Addresses
          </Typography>
          <AddressList errors={errors.addresses} onChoosing={onChoosing} />
        </Box>
        <Box
          role="region"
          aria-label="Map of your move"
          sx={{
            height: { xs: 320, md: 480 },
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            overflow: 'hidden',
            // The map stays in view beside a long address list on wide screens.
            position: { md: 'sticky' },
            top: { md: 16 },
          }}
        >
          {mapAsked || anyPlaced ? (
            <Suspense fallback={<Skeleton variant="rectangular" width="100%" height="100%" />}>
              <WizardMap addresses={draft.addressList} />
            </Suspense>
          ) : (
            <AreaPreview onExplore={() => setMapAsked(true)} />
          )}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 4 }}>
        <Button variant="outlined" startIcon={<ArrowBackIcon aria-hidden />} onClick={goBack}>
          Back
        </Button>
        <Button variant="contained" endIcon={<ArrowForwardIcon aria-hidden />} onClick={onNext}>
          Next
        </Button>
      </Box>
    </Box>
  );
}
