import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MSG } from '@movehub/shared';
import { clearSession } from '../../lib/storage';
import { logOut } from './auth-api';

interface LogoutDialogProps {
  open: boolean;
  onClose: () => void;
}

/** spec/portal.md §2: 'Are your sure you want to logout?' with Yes and No. */
export function LogoutDialog({ open, onClose }: LogoutDialogProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const logout = useMutation({
    mutationFn: logOut,
    // The session ends here even when the server could not be told (offline, token already dead).
    onSettled: () => {
      clearSession();
      queryClient.clear();
      void navigate('/login', { replace: true });
    },
  });

  return (
    <Dialog
      open={open}
      onClose={logout.isPending ? undefined : onClose}
      aria-labelledby="logout-dialog-title"
      aria-describedby="logout-dialog-text"
    >
      <DialogTitle id="logout-dialog-title">Logout</DialogTitle>
      <DialogContent>
        <DialogContentText id="logout-dialog-text">{MSG.logoutConfirm}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={logout.isPending}>
          No
        </Button>
        <Button
          variant="contained"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          startIcon={
            logout.isPending ? (
              <CircularProgress aria-hidden size={18} color="inherit" />
            ) : undefined
          }
        >
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
