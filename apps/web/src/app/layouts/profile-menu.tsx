import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import EditIcon from '@mui/icons-material/Edit';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import { LogoutDialog } from '../../features/auth/logout-dialog';

// The password form (react-hook-form, its fields) loads when it is first asked for, not with
// every dashboard page.
const ChangePasswordDialog = lazy(async () => ({
  default: (await import('../../features/auth/change-password-dialog')).ChangePasswordDialog,
}));

/** The account button of the header and its dropdown (spec/portal.md §2 "Profile dropdown"). */
export function ProfileMenu() {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  // Stays mounted once opened, so that closing plays the dialog's exit.
  const [passwordAsked, setPasswordAsked] = useState(false);
  const open = Boolean(anchor);
  const closePassword = useCallback(() => setPasswordOpen(false), []);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircleIcon fontSize="large" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          component={RouterLink}
          to="/dashboard/edit-profile"
          onClick={() => setAnchor(null)}
        >
          <ListItemIcon aria-hidden>
            <EditIcon fontSize="small" />
          </ListItemIcon>
          Edit Profile
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setPasswordAsked(true);
            setPasswordOpen(true);
          }}
        >
          <ListItemIcon aria-hidden>
            <LockIcon fontSize="small" />
          </ListItemIcon>
          Change Password
        </MenuItem>
        <MenuItem component={RouterLink} to="/dashboard/about-us" onClick={() => setAnchor(null)}>
          <ListItemIcon aria-hidden>
            <InfoIcon fontSize="small" />
          </ListItemIcon>
          About Us
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setLogoutOpen(true);
          }}
        >
          <ListItemIcon aria-hidden>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
      {passwordAsked && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={passwordOpen} onClose={closePassword} />
        </Suspense>
      )}
      <LogoutDialog open={logoutOpen} onClose={() => setLogoutOpen(false)} />
    </>
  );
}
