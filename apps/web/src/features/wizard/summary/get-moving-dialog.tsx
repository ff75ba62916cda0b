import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MSG, type GenerateRequestBody } from '@movehub/shared';
import { saveRequest, type SavedRequestState } from '../../../lib/saved-request';

interface GetMovingDialogProps {
  open: boolean;
  onClose: () => void;
  /** The request to send once the visitor has an account. */
  savedRequest: GenerateRequestBody | null;
}

/**
 * spec/request-lifecycle.md §2 step 7: a visitor without a token gets the 'Get moving' popup,
 * 'Please Login or Signup to request move.', whose LOG IN and SIGN UP switch to the login or
 * sign-up views carrying the saved request. The request is kept (local storage, for a reload on
 * the way) only when one of them is chosen: a dismissed popup leaves nothing to be sent later.
 */
export function GetMovingDialog({ open, onClose, savedRequest }: GetMovingDialogProps) {
  const navigate = useNavigate();
  const state: SavedRequestState = { savedRequest };
  const go = (path: '/login' | '/register') => {
    if (savedRequest) saveRequest(savedRequest);
    void navigate(path, { state });
  };

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
        <Button variant="outlined" onClick={() => go('/login')}>
          LOG IN
        </Button>
        <Button variant="contained" onClick={() => go('/register')}>
          SIGN UP
        </Button>
      </DialogActions>
    </Dialog>
  );
}
