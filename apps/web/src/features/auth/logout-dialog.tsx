import { useNavigate } from 'react-router';
import { MSG } from '@movehub/shared';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useLogOut } from './use-auth-mutations';

interface LogoutDialogProps {
  open: boolean;
  onClose: () => void;
}

/** spec/portal.md §2: 'Are your sure you want to logout?' with Yes and No. */
export function LogoutDialog({ open, onClose }: LogoutDialogProps) {
  const navigate = useNavigate();
  const logout = useLogOut();

  return (
    <ConfirmDialog
      open={open}
      title="Logout"
      message={MSG.logoutConfirm}
      onConfirm={() =>
        logout.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) })
      }
      onClose={onClose}
      pending={logout.isPending}
      titleId="logout-dialog-title"
      messageId="logout-dialog-text"
    />
  );
}
