import { useState } from 'react';
import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { NavLink, useLocation, useNavigate } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { UserType } from '@movehub/shared';
import { logOutPartner } from '../../features/partner-auth/partner-auth-api';
import { companyProfileQueryOptions } from '../../features/partner-profile/profile-api';
import { callPartnerApi } from '../../lib/partner-api';
import { PARTNER_QUERY_ROOT } from '../../lib/partner-query';
import { RealtimeProvider, useRealtimeConnect, useRealtimeEvent } from '../../lib/realtime';
import { clearSession, markSessionEnding, useStoredUser } from '../../lib/storage';
import { Brand } from '../../ui/brand';
import { ScreenOutlet } from '../screen-outlet';

/** The company's sections, in the nav's order. */
const PARTNER_SECTIONS = [
  { to: '/partner/open-requests', label: 'Open requests' },
  { to: '/partner/jobs', label: 'My jobs' },
  { to: '/partner/profile', label: 'Profile' },
  { to: '/partner/links', label: 'Direct links' },
  { to: '/partner/payouts', label: 'Payouts' },
] as const;
/** The foreman's sections: his jobs only (the company's screens are not his). */
const FOREMAN_SECTIONS = [{ to: '/partner/foreman', label: 'My jobs' }] as const;
const sectionsOf = (userType: number | undefined) =>
  userType === UserType.foreman ? FOREMAN_SECTIONS : PARTNER_SECTIONS;

/** A refused socket handshake: one partner call, whose 401 ends the partner session alone. */
const checkPartnerSession = () =>
  callPartnerApi('GET /app_api/get_notification', {
    // One row is enough to learn whether the session lives.
    query: { limit: 1 },
    suppressToast: true,
  });

/**
 * The console's link between its socket and its queries: a notification (a bid accepted or
 * removed by the customer, a payment held) changes what the console lists, and a (re)connection
 * loads again what a gap may have missed. Only the partner's own queries are touched.
 */
function PartnerCacheSync() {
  const queryClient = useQueryClient();
  useRealtimeConnect(({ connectedAt }) => {
    const stale = (query: Query) =>
      query.state.dataUpdatedAt < connectedAt || query.state.fetchStatus === 'fetching';
    void queryClient.invalidateQueries({ queryKey: PARTNER_QUERY_ROOT, predicate: stale });
  });
  useRealtimeEvent('notification', () => {
    void queryClient.invalidateQueries({ queryKey: PARTNER_QUERY_ROOT });
  });
  return null;
}

/**
 * The partner console's frame: the brand, the console's sections, who is signed in
 * and Sign out, inside the partner session's own socket (decision 022). Loaded lazily with the
 * console, never on the customer's screens.
 */
export function PartnerLayout() {
  return (
    <RealtimeProvider session="partner" checkSession={checkPartnerSession}>
      <PartnerCacheSync />
      <PartnerFrame />
    </RealtimeProvider>
  );
}

function PartnerFrame() {
  const user = useStoredUser('partner');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const { pathname } = useLocation();
  const sections = sectionsOf(user?.user_type);
  const current = sections.find((section) => pathname.startsWith(section.to));
  const compact = sections.length > 1;
  // A company is shown by its name as its profile holds it ("Swift Movers LA"), renamed with it;
  // a foreman by his own.
  const isCompany = user?.user_type === UserType.company;
  const profile = useQuery({
    ...companyProfileQueryOptions({ suppressToast: true }),
    enabled: isCompany,
  });
  const accountName = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  const name = (isCompany ? profile.data?.data.name : undefined) ?? accountName;

  const signOut = async () => {
    setSigningOut(true);
    // As the customer's log-out: the socket closes and the reads stop before the server hears.
    markSessionEnding('partner');
    await queryClient.cancelQueries({ queryKey: PARTNER_QUERY_ROOT });
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
        <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
          <Brand to="/partner" />
          <Box
            component="nav"
            aria-label="Partner console"
            sx={{ flexGrow: 1, display: { xs: compact ? 'none' : 'block', sm: 'block' } }}
          >
            {sections.map((section) => (
              <Button
                key={section.to}
                component={NavLink}
                to={section.to}
                color="inherit"
                sx={{ '&.active': { textDecoration: 'underline', textUnderlineOffset: 6 } }}
              >
                {section.label}
              </Button>
            ))}
          </Box>
          {/* A phone: a company's sections behind one button, so that the header keeps one
              row (a foreman's one section fits beside the brand). */}
          <Box sx={{ flexGrow: 1, display: { xs: compact ? 'block' : 'none', sm: 'none' } }}>
            <Button
              color="inherit"
              startIcon={<MenuIcon aria-hidden />}
              aria-haspopup="menu"
              aria-expanded={menuAnchor ? 'true' : 'false'}
              aria-controls={menuAnchor ? 'partner-sections' : undefined}
              onClick={(event) => setMenuAnchor(event.currentTarget)}
            >
              {current?.label ?? 'Menu'}
            </Button>
            <Menu
              id="partner-sections"
              anchorEl={menuAnchor}
              open={menuAnchor !== null}
              onClose={() => setMenuAnchor(null)}
            >
              {sections.map((section) => (
                <MenuItem
                  key={section.to}
                  component={NavLink}
                  to={section.to}
                  selected={section === current}
                  onClick={() => setMenuAnchor(null)}
                >
                  {section.label}
                </MenuItem>
              ))}
            </Menu>
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
        <ScreenOutlet />
      </Box>
    </Box>
  );
}
