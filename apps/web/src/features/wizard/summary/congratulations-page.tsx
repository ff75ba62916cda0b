import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** spec/request-lifecycle.md §2: sent to the best licensed and insured companies; bids follow. */
export const SENT_TO_COMPANIES =
  'Your request has been sent to the best licensed and insured moving companies in your area. You will soon receive bids with price ranges.';

/** The 'Congratulations!' panel of step 8 and of /dashboard/congratulations. */
export function CongratulationsPanel({ text, action }: { text: string; action: ReactNode }) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="congratulations-title"
      sx={{ maxWidth: 640, mx: 'auto', p: { xs: 3, sm: 5 }, textAlign: 'center' }}
    >
      <CheckCircleOutlineIcon aria-hidden color="success" sx={{ fontSize: 64, mb: 1 }} />
      <Typography id="congratulations-title" variant="h4" component="h1" gutterBottom>
        Congratulations!
      </Typography>
      <Typography sx={{ mb: 4 }}>{text}</Typography>
      <Box>{action}</Box>
    </Paper>
  );
}

/**
 * /dashboard/congratulations (spec/request-lifecycle.md §2, spec/portal.md §2): where a request
 * saved before login or sign-up lands once it has been sent; its button goes to /dashboard.
 */
export function CongratulationsPage() {
  useDocumentTitle('Congratulations');
  const navigate = useNavigate();
  return (
    <Box sx={{ py: { xs: 2, sm: 4 } }}>
      <CongratulationsPanel
        text={SENT_TO_COMPANIES}
        action={
          <Button variant="contained" size="large" onClick={() => void navigate('/dashboard')}>
            go to my requests page
          </Button>
        }
      />
    </Box>
  );
}
