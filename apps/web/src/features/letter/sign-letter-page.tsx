import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG } from '@movehub/shared';
import { errorMessage, isApiError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { requestDetailPath } from '../../lib/request-paths';
import { LoadError } from '../../ui/load-error';
import { PageLoader } from '../../ui/page-loader';
import { SanitizedHtml } from '../../ui/sanitized-html';
import { confirmationLetterQueryOptions, isNumericId } from './letter-api';
import { SignatureField, type SignatureFieldHandle } from './signature-field';
import { useSignLetter } from './use-sign-letter';

export const LETTER_TEXT = {
  title: 'Move Confirmation Letter',
  agree: 'Agree to terms and conditions',
  clear: 'Clear Signature Pad',
  done: 'DONE',
  signature: 'Signature',
  typedName: 'Or type your full name to sign',
  typedNameHelp: 'Your name is written on the pad above as your signature.',
  signed: 'The confirmation letter has been signed.',
  viewPdf: 'View the signed letter (PDF)',
} as const;

/** spec §2: success goes to /view-request/{id} when the id is not numeric, else to the detail. */
export function afterSigningPath(id: string): string {
  return isNumericId(id) ? requestDetailPath(id) : `/view-request/${id}`;
}

/**
 * /sign-confirmation-letter/{public_access_link or id} (spec/request-lifecycle.md §2
 * "Confirmation letter signing", §5 "Signing", §8 errors as an error snackbar): the letter in an
 * expandable panel, 'Agree to terms and conditions', the signature pad, 'Clear Signature Pad' and
 * 'DONE'. Reachable with or without a session (decision 016).
 */
export function SignLetterPage() {
  useDocumentTitle(LETTER_TEXT.title);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const letter = useQuery(confirmationLetterQueryOptions(id));
  const [agreed, setAgreed] = useState(false);
  const [typedName, setTypedName] = useState('');
  const pad = useRef<SignatureFieldHandle>(null);

  const sign = useSignLetter(id);

  const done = () => {
    // spec §5 Signing: terms ticked, then the pad not empty; each failure as an error snackbar.
    if (!agreed) return showToast(MSG.agreeTermsSign, 'error');
    if (!pad.current || pad.current.isEmpty()) return showToast(MSG.signatureRequired, 'error');
    sign.mutate(
      { requestId: letter.data?.get_request.id as number, signature: pad.current.toDataURL() },
      {
        onSuccess: () => {
          showToast(LETTER_TEXT.signed, 'success');
          void navigate(afterSigningPath(id));
        },
        // A claimed request's link alone does not sign (decision 037): the 401 asks to log in.
        // The api client toasts every other failure, but a 401 ends a session without a word.
        onError: (error) => {
          if (isApiError(error) && error.code === 401) showToast(errorMessage(error), 'error');
        },
      },
    );
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 960, p: { xs: 2, sm: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {LETTER_TEXT.title}
        </Typography>
        {letter.isPending ? (
          <PageLoader label="Loading the confirmation letter" />
        ) : letter.isError ? (
          <LoadError
            message={`Error Message: ${errorMessage(letter.error)}`}
            onRetry={() => letter.refetch()}
          />
        ) : (
          <Stack spacing={2}>
            <Typography color="text.secondary">Request #{letter.data.get_request.id}</Typography>
            <Accordion defaultExpanded disableGutters variant="outlined">
              <AccordionSummary
                expandIcon={<ExpandMoreIcon aria-hidden />}
                aria-controls="letter-content"
                id="letter-header"
              >
                <Typography component="h2" sx={{ fontWeight: 600 }}>
                  {LETTER_TEXT.title}
                </Typography>
              </AccordionSummary>
              <AccordionDetails id="letter-content">
                <SanitizedHtml html={letter.data.confirmation_letter} />
              </AccordionDetails>
            </Accordion>

            {letter.data.get_request.confirmation_letter_pdf ? (
              // Signed already: the PDF instead of the pad.
              <Alert severity="success">
                {LETTER_TEXT.signed}{' '}
                <Link
                  href={letter.data.get_request.confirmation_letter_pdf}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {LETTER_TEXT.viewPdf}
                </Link>
              </Alert>
            ) : (
              <>
                <FormControlLabel
                  control={
                    <Checkbox
                      name="agree_terms"
                      checked={agreed}
                      onChange={(e) => setAgreed(e.target.checked)}
                    />
                  }
                  label={LETTER_TEXT.agree}
                />
                <Box>
                  <Typography component="h2" variant="subtitle1" sx={{ mb: 1 }}>
                    {LETTER_TEXT.signature}
                  </Typography>
                  <SignatureField ref={pad} label="Signature pad" />
                  <Link
                    component="button"
                    type="button"
                    onClick={() => {
                      pad.current?.clear();
                      setTypedName('');
                    }}
                    sx={{ mt: 1 }}
                  >
                    {LETTER_TEXT.clear}
                  </Link>
                  {/* The pad takes a pointer only; a keyboard signs by typing a name. */}
                  <TextField
                    name="typed_signature"
                    label={LETTER_TEXT.typedName}
                    helperText={LETTER_TEXT.typedNameHelp}
                    value={typedName}
                    onChange={(e) => {
                      setTypedName(e.target.value);
                      pad.current?.typeName(e.target.value);
                    }}
                    autoComplete="name"
                    fullWidth
                    sx={{ mt: 2, maxWidth: 480, display: 'flex' }}
                    slotProps={{ htmlInput: { maxLength: 80 } }}
                  />
                </Box>
                <Box>
                  <Button
                    variant="contained"
                    onClick={done}
                    disabled={sign.isPending}
                    startIcon={sign.isPending ? <CircularProgress size={16} /> : undefined}
                  >
                    {LETTER_TEXT.done}
                  </Button>
                </Box>
              </>
            )}
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
