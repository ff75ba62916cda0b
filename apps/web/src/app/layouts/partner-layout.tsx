import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NavLink, Outlet, useNavigate } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { logOutPartner } from '../../features/partner-auth/partner-auth-api';
import { PARTNER_QUERY_ROOT } from '../../lib/partner-query';
import { clearSession, useStoredUser } from '../../lib/storage';
import { Brand } from '../../ui/brand';

/**
 * The partner console's frame (issue 15): the brand, the console's sections, who is signed in
 * and Sign out. Loaded lazily with the console, never on the customer's screens.
 */
export function PartnerLayout() {
  const user = useStoredUser('partner');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';

  const signOut = async () => {
    setSigningOut(true);
    try {
      await logOutPartner();
    } catch {
      // The session ends here whatever the server said.
    }
    clearSession('partner');
    queryClient.removeQueries({ queryKey: PARTNER_QUERY_ROOT });
    await navigate('/partner/login', { replace: true });
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static" component="header" elevation={0}>
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap', py: { xs: 1, sm: 0 } }}>
          <Brand to="/partner" />
          <Box component="nav" aria-label="Partner console" sx={{ flexGrow: 1 }}>
            <Button
              component={NavLink}
              to="/partner/open-requests"
              color="inherit"
              sx={{ '&.active': { textDecoration: 'underline', textUnderlineOffset: 6 } }}
            >
              Open requests
            </Button>
          </Box>
          {name && (
            <Typography component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {name}
            </Typography>
          )}
          <Button
            color="inherit"
            variant="outlined"
            disabled={signingOut}
            onClick={() => void signOut()}
          >
            Sign out
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flexGrow: 1 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
