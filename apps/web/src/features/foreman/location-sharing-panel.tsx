import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocationSharing, type SharingProblem } from './use-location-sharing';

export const SHARING_TEXT = {
  sharing: 'Sharing location',
  stopped: 'Location sharing is stopped',
  waiting: 'Waiting for the first position…',
  lastSent: (time: string) => `Last position sent at ${time}.`,
  offline: (n: number) =>
    n === 1
      ? 'Offline: 1 position will be sent when the network returns.'
      : `Offline: ${n} positions will be sent when the network returns.`,
  stoppedHint: 'The customer no longer sees the truck move. Resume to share again.',
  keepOpen: 'Keep this page open while you drive: the customer follows the truck from it.',
} as const;

export const PROBLEM_TEXT: Record<Exclude<SharingProblem, null>, string> = {
  unsupported: 'This browser cannot share its location. Open this page in your phone’s browser.',
  denied:
    'Location access is blocked. Allow location for this site in your browser’s settings, then press Try again.',
  unavailable: 'Your position cannot be found right now. Sharing goes on as soon as it is.',
};

const timeOf = (ms: number) =>
  new Date(ms).toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  });

/**
 * While the move is in progress: the phone's position goes to the customer's tracking page. A
 * visible indicator says so (a status region, so a screen reader hears it change), with Stop
 * and Resume; positions taken offline wait and go when the network returns.
 */
export function LocationSharingPanel({
  requestId,
  onRefused,
}: {
  requestId: number;
  onRefused?: () => void;
}) {
  const sharing = useLocationSharing(requestId, true, onRefused);
  const blocked = sharing.problem === 'denied' || sharing.problem === 'unsupported';
  const on = sharing.sharing && !blocked;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="location-sharing-heading"
      sx={{ p: 2, borderColor: on ? 'success.main' : 'divider', borderWidth: on ? 2 : 1 }}
    >
      <Typography id="location-sharing-heading" variant="h6" component="h2" gutterBottom>
        Truck location
      </Typography>
      <Box role="status" aria-live="polite" sx={{ mb: 1.5 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{
              width: 12,
              height: 12,
              borderRadius: '50%',
              flexShrink: 0,
              bgcolor: on ? (sharing.offline ? 'warning.main' : 'success.main') : 'grey.500',
            }}
          />
          <Typography sx={{ fontWeight: 600 }}>
            {on ? SHARING_TEXT.sharing : SHARING_TEXT.stopped}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {!on
            ? blocked
              ? ''
              : SHARING_TEXT.stoppedHint
            : sharing.offline && sharing.pending > 0
              ? SHARING_TEXT.offline(sharing.pending)
              : sharing.lastSentAt !== null
                ? SHARING_TEXT.lastSent(timeOf(sharing.lastSentAt))
                : SHARING_TEXT.waiting}
        </Typography>
      </Box>
      {on && (
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {SHARING_TEXT.keepOpen}
        </Typography>
      )}
      {sharing.problem && (
        <Alert severity={blocked ? 'error' : 'warning'} sx={{ mb: 1.5 }}>
          {PROBLEM_TEXT[sharing.problem]}
        </Alert>
      )}
      {on ? (
        <Button variant="outlined" color="inherit" onClick={sharing.stop}>
          Stop sharing
        </Button>
      ) : (
        sharing.problem !== 'unsupported' && (
          <Button variant="contained" onClick={sharing.resume}>
            {blocked ? 'Try again' : 'Resume sharing'}
          </Button>
        )
      )}
    </Paper>
  );
}
