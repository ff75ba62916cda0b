import { Link as RouterLink } from 'react-router';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import EditIcon from '@mui/icons-material/Edit';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import LogoutIcon from '@mui/icons-material/Logout';

export interface ProfileMenuListProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  onChangePassword: () => void;
  onLogout: () => void;
}

/**
 * The account dropdown's entries (spec/portal.md §2 "Profile dropdown"). Its own chunk, loaded
 * when the account button is first pointed at or pressed: no first visit needs the menu.
 */
export function ProfileMenuList({
  id,
  anchor,
  onClose,
  onChangePassword,
  onLogout,
}: ProfileMenuListProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <MenuItem component={RouterLink} to="/dashboard/edit-profile" onClick={onClose}>
        <ListItemIcon aria-hidden>
          <EditIcon fontSize="small" />
        </ListItemIcon>
        Edit Profile
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          onChangePassword();
        }}
      >
        <ListItemIcon aria-hidden>
          <LockIcon fontSize="small" />
        </ListItemIcon>
        Change Password
      </MenuItem>
      <MenuItem component={RouterLink} to="/dashboard/about-us" onClick={onClose}>
        <ListItemIcon aria-hidden>
          <InfoIcon fontSize="small" />
        </ListItemIcon>
        About Us
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          onLogout();
        }}
      >
        <ListItemIcon aria-hidden>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        Logout
      </MenuItem>
    </Menu>
  );
}
