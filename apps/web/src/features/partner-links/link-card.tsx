import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { UserType, type DirectLink } from '@movehub/shared';
import { formatDateTime } from '../../lib/format-date';
import { showToast } from '../../lib/toast';
import { LinkFunnel } from './link-funnel';
import { LinkRequests } from './link-requests';
import { useSetDirectLinkActive } from './use-link-mutations';

export const COPIED_MESSAGE = 'Link copied to the clipboard.';
export const COPY_FAILED_MESSAGE =
  'The link could not be copied. Select the address and copy it yourself.';

const requestCount = (n: number) => (n === 1 ? '1 request' : `${n} requests`);

/**
 * One direct link: its address to share (Copy puts it on the clipboard), whether it is active
 * (a word beside the colour), who made it, its visits of the last days, and the requests that
 * came through it, opened on demand. Disable stops the link at once; Enable brings it back.
 */
export function LinkCard({ link }: { link: DirectLink }) {
  const [open, setOpen] = useState(false);
  const headingId = `direct-link-${link.id}`;
  const panelId = `direct-link-${link.id}-requests`;

  const toggle = useSetDirectLinkActive();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      showToast(COPIED_MESSAGE, 'success');
    } catch {
      // No clipboard (permission refused, an insecure origin): the address is there to select.
      showToast(COPY_FAILED_MESSAGE, 'error');
    }
  };

  const bySales = link.created_by.user_type === UserType.salesTeam;

  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}
      >
        <Typography id={headingId} variant="h6" component="h2" sx={{ mr: 'auto' }}>
          Link created {formatDateTime(link.created_at)}
        </Typography>
        <Chip
          size="small"
          label={link.is_active ? 'Active' : 'Disabled'}
          color={link.is_active ? 'success' : 'default'}
          variant={link.is_active ? 'filled' : 'outlined'}
        />
      </Stack>
      <Typography
        component="p"
        sx={{
          fontFamily: 'monospace',
          overflowWrap: 'anywhere',
          color: link.is_active ? 'text.primary' : 'text.secondary',
          textDecoration: link.is_active ? 'none' : 'line-through',
        }}
      >
        {link.url}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {bySales ? `Made by ${link.created_by.name} (sales team)` : 'Made by your company'} ·{' '}
        {requestCount(link.request_count)}
      </Typography>
      <LinkFunnel linkId={link.id} />

      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="contained"
          size="small"
          disabled={!link.is_active}
          onClick={() => void copy()}
          aria-label={`Copy link ${link.url}`}
        >
          Copy
        </Button>
        <Button
          variant="outlined"
          size="small"
          disabled={toggle.isPending}
          onClick={() => toggle.mutate({ linkId: link.id, isActive: !link.is_active })}
          startIcon={
            toggle.isPending ? (
              <CircularProgress aria-hidden size={16} color="inherit" />
            ) : undefined
          }
        >
          {link.is_active ? 'Disable' : 'Enable'}
        </Button>
        <Button
          size="small"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? 'Hide requests' : `Show requests (${link.request_count})`}
        </Button>
      </Stack>

      <Box
        id={panelId}
        role="region"
        aria-label={`Requests through link ${link.link}`}
        hidden={!open}
        sx={{ mt: 2 }}
      >
        {open && <LinkRequests linkId={link.id} />}
      </Box>
    </Paper>
  );
}
