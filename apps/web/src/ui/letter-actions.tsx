import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';

/**
 * A direct request's confirmation letter on a detail screen (spec/request-lifecycle.md §4): the
 * way to sign it while it waits (status 3 until additional_status moves), then the signed PDF.
 * The customer's detail and the public page show it alike.
 */
export function LetterActions({
  awaitsSignature,
  signPath,
  signedPdf,
}: {
  awaitsSignature: boolean;
  /** /sign-confirmation-letter/{public_access_link or id}. */
  signPath: string;
  signedPdf: string | null | undefined;
}) {
  return (
    <>
      {awaitsSignature && (
        <Button component={RouterLink} to={signPath} variant="contained" sx={{ mt: 2 }}>
          Confirm and proceed with the move
        </Button>
      )}
      {signedPdf && (
        <Box sx={{ mt: 2 }}>
          <Link href={signedPdf} target="_blank" rel="noopener noreferrer">
            Signed confirmation letter (PDF)
          </Link>
        </Box>
      )}
    </>
  );
}
