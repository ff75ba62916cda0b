import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { REFERRAL_DISCOUNT_PERCENT } from '@movehub/shared';
import { profileQueryOptions } from '../../lib/profile-query';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageLoader } from '../../ui/page-loader';
import { LoadError } from '../../ui/load-error';

/** How long the button says 'Copied'. */
const COPIED_MS = 3000;

/** spec/portal.md §2: the registration link a friend signs up with. */
export function referralLink(code: string): string {
  return `${window.location.origin}/register/${encodeURIComponent(code)}`;
}

/**
 * spec/portal.md §2 Referral Program (/dashboard/refferral-program): the 5% badge, the offer,
 * the customer's own invite code and a button that copies {origin}/register/{code}.
 */
export function ReferralPage() {
  useDocumentTitle('Refferral Program');
  const profile = useQuery(profileQueryOptions());
  const code = profile.data?.profile.invite_friend_code ?? null;

  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Refferral Program
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={3}
          sx={{ alignItems: 'center', mb: 3 }}
        >
          <Box
            aria-label={`${REFERRAL_DISCOUNT_PERCENT}% off`}
            role="img"
            sx={{
              flexShrink: 0,
              width: 104,
              height: 104,
              borderRadius: '50%',
              bgcolor: 'secondary.main',
              color: 'secondary.contrastText',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontSize: '2rem',
              fontWeight: 700,
            }}
          >
            {REFERRAL_DISCOUNT_PERCENT}%
          </Box>
          <Box>
            <Typography variant="h5" component="h2" gutterBottom>
              Invite a friend, save on their move
            </Typography>
            <Typography>
              Share your link with friends and family. When a friend signs up with it, they get{' '}
              {REFERRAL_DISCOUNT_PERCENT}% off when they take their first move with MoveHub.
            </Typography>
          </Box>
        </Stack>

        {profile.isPending ? (
          <PageLoader label="Loading your invite code" />
        ) : profile.isError ? (
          <LoadError message="We could not load your invite code." onRetry={profile.refetch} />
        ) : code ? (
          <InviteLink code={code} />
        ) : (
          <Alert severity="info">Your invite code is not available yet.</Alert>
        )}
      </Paper>
    </Box>
  );
}

function InviteLink({ code }: { code: string }) {
  const link = referralLink(code);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  useEffect(() => {
    if (copied !== 'yes') return;
    const timer = window.setTimeout(() => setCopied(null), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      // No clipboard (permission refused, an insecure origin): the link is there to select.
      setCopied('failed');
    }
  };

  return (
    <Stack spacing={2}>
      <Typography>
        Your invite code:{' '}
        <Box component="strong" sx={{ fontSize: '1.25rem', letterSpacing: 1 }}>
          {code}
        </Box>
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          id="referral-link"
          name="referral_link"
          label="Your invite link"
          value={link}
          fullWidth
          slotProps={{ input: { readOnly: true } }}
          onFocus={(event) => event.target.select()}
        />
        <Button
          variant="contained"
          onClick={() => void copy()}
          startIcon={copied === 'yes' ? <CheckIcon aria-hidden /> : <ContentCopyIcon aria-hidden />}
          sx={{ flexShrink: 0, minWidth: 140 }}
        >
          {copied === 'yes' ? 'Copied' : 'Copy link'}
        </Button>
      </Stack>
      <Box role="status" aria-live="polite">
        {copied === 'yes' && (
          <Typography color="success.main">Copied the invite link to your clipboard.</Typography>
        )}
        {copied === 'failed' && (
          <Typography color="error">
            We could not copy the link. Select it above and copy it yourself.
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
