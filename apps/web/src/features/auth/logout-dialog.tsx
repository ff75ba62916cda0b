import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MSG } from '@movehub/shared';
import { clearSession, markSessionEnding } from '../../lib/storage';
import { ConfirmDialog } from '../../ui/confirm-dialog';
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
    mutationFn: async () => {
      // The socket closes and the reads stop first, so that what the server does to the revoked
      // token (closing its socket, refusing its handshake) finds nothing of this session to end.
      markSessionEnding();
      await queryClient.cancelQueries();
      return logOut();
    },
    // The session ends here even when the server could not be told (offline, token already dead).
    onSettled: () => {
      clearSession();
      queryClient.clear();
      void navigate('/login', { replace: true });
    },
  });

  return (
    <ConfirmDialog
      open={open}
      title="Logout"
      message={MSG.logoutConfirm}
      onConfirm={() => logout.mutate()}
      onClose={onClose}
      pending={logout.isPending}
      titleId="logout-dialog-title"
      messageId="logout-dialog-text"
    />
  );
}
