import { lazy, Suspense, useCallback, useId, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { LogoutDialog } from '../../features/auth/logout-dialog';

const loadMenuList = () => import('./profile-menu-list');
const ProfileMenuList = lazy(async () => ({ default: (await loadMenuList()).ProfileMenuList }));

// The password form (react-hook-form, its fields) loads when it is first asked for, not with
// every dashboard page.
const ChangePasswordDialog = lazy(async () => ({
  default: (await import('../../features/auth/change-password-dialog')).ChangePasswordDialog,
}));

/** The account button of the header and its dropdown (spec/portal.md §2 "Profile dropdown"). */
export function ProfileMenu() {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The dropdown's code loads when the button is first pointed at, focused or pressed, and
  // stays mounted once opened, so that closing plays the menu's exit.
  const [menuAsked, setMenuAsked] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  // Stays mounted once opened, so that closing plays the dialog's exit.
  const [passwordAsked, setPasswordAsked] = useState(false);
  const open = Boolean(anchor);
  const closeMenu = useCallback(() => setAnchor(null), []);
  const closePassword = useCallback(() => setPasswordOpen(false), []);
  const preload = () => void loadMenuList().catch(() => undefined);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          setMenuAsked(true);
          setAnchor(event.currentTarget);
        }}
      >
        <AccountCircleIcon fontSize="large" />
      </IconButton>
      {menuAsked && (
        <Suspense fallback={null}>
          <ProfileMenuList
            id={menuId}
            anchor={anchor}
            onClose={closeMenu}
            onChangePassword={() => {
              setPasswordAsked(true);
              setPasswordOpen(true);
            }}
            onLogout={() => setLogoutOpen(true)}
          />
        </Suspense>
      )}
      {passwordAsked && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={passwordOpen} onClose={closePassword} />
        </Suspense>
      )}
      <LogoutDialog open={logoutOpen} onClose={() => setLogoutOpen(false)} />
    </>
  );
}
