import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MSG, type GenerateRequestBody } from '@movehub/shared';
import type { SavedRequestState } from '../../lib/saved-request';

interface GetMovingDialogProps {
  open: boolean;
  onClose: () => void;
  /** The request to send once the visitor has an account. */
  savedRequest: GenerateRequestBody | null;
}

/**
 * spec/request-lifecycle.md §2 step 7: a visitor without a token gets the 'Get moving' popup,
 * 'Please Login or Signup to request move.', whose LOG IN and SIGN UP switch to the login or
 * sign-up views carrying the saved request.
 */
export function GetMovingDialog({ open, onClose, savedRequest }: GetMovingDialogProps) {
  const navigate = useNavigate();
  const state: SavedRequestState = { savedRequest };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="get-moving-title"
      aria-describedby="get-moving-text"
    >
      <DialogTitle id="get-moving-title">{MSG.getMovingTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="get-moving-text">{MSG.loginOrSignup}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button variant="outlined" onClick={() => void navigate('/login', { state })}>
          LOG IN
        </Button>
        <Button variant="contained" onClick={() => void navigate('/register', { state })}>
          SIGN UP
        </Button>
      </DialogActions>
    </Dialog>
  );
}
