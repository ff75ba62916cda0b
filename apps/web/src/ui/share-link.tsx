import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ShareIcon from '@mui/icons-material/Share';
import { showToast } from '../lib/toast';
import { TextInput } from './text-input';

export const LINK_COPIED_MESSAGE = 'Link copied to the clipboard.';
export const LINK_NOT_COPIED_MESSAGE =
  'The link could not be copied. Select the address and copy it yourself.';

/** The address of a request's public page, on this site. */
export const publicRequestUrl = (link: string) =>
  `${window.location.origin}/view-request/${encodeURIComponent(link)}`;

/**
 * The page's own address, to keep or pass on: shown to select, Copy puts it on the clipboard, and
 * Share opens the device's share sheet where there is one (phones).
 */
export function ShareLink({ link, requestId }: { link: string; requestId: number }) {
  const fieldId = useId();
  const url = publicRequestUrl(link);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showToast(LINK_COPIED_MESSAGE, 'success');
    } catch {
      // No clipboard (permission refused, an insecure origin): the address is there to select.
      showToast(LINK_NOT_COPIED_MESSAGE, 'error');
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title: `Request #${requestId}`, url });
    } catch {
      // Closing the share sheet is no failure; the address stays there to copy.
    }
  };

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' } }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <TextInput
          id={fieldId}
          label="Link to this request"
          value={url}
          size="small"
          shrink
          readOnly
          onFocus={(event) => event.target.select()}
        />
      </Box>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" startIcon={<ContentCopyIcon aria-hidden />} onClick={copy}>
          Copy link
        </Button>
        {canShare && (
          <Button variant="outlined" startIcon={<ShareIcon aria-hidden />} onClick={share}>
            Share
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
