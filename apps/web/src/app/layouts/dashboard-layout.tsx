import { useState } from 'react';
import { useMatch } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { ChatMessageWatcher } from '../../features/chat/chat-message-watcher';
import { NotificationCenter } from '../../features/notifications/notification-center';
import { RealtimeProvider } from '../../lib/realtime';
import { useHydrated } from '../../lib/use-hydrated';
import { Brand } from '../../ui/brand';
import { MOBILE_MEDIA_QUERY } from '../theme';
import { DashboardSidebar } from './dashboard-sidebar';
import { ProfileMenu } from './profile-menu';
import { RealtimeCacheSync } from './realtime-cache-sync';
import { ScreenOutlet } from '../screen-outlet';

const SIDEBAR_WIDTH = 260;
const SIDEBAR_ID = 'dashboard-sidebar';
/** spec/portal.md §2 "On wide screens the sidebar is hidden on the tracking page". */
const TRACKING_PATH = '/dashboard/my-requests/tracking-location/:requestId';

/**
 * spec/portal.md §2 dashboard layout: header, collapsible sidebar, profile dropdown and the
 * notification bell with its right-hand drawer. On wide screens the sidebar is docked and the
 * header button collapses it; below 769 px it is a drawer. The signed-in session's realtime
 * connection lives here, so that only the dashboard loads the socket client.
 */
export function DashboardLayout() {
  // The frame the build drew is the wide one: a page hydrating it matches that, then the width
  // (decision 034), in a transition; a page drawn by the app reads the width at once.
  const narrow = useMediaQuery(MOBILE_MEDIA_QUERY, { noSsr: true });
  const isMobile = useHydrated() && narrow;
  // The docked sidebar closes on the way into the tracking page, whose map takes the width, and
  // opens again on the way out; the header button still shows it there.
  const onTrackingPage = useMatch(TRACKING_PATH) !== null;
  const [desktopOpen, setDesktopOpen] = useState(!onTrackingPage);
  const [wasOnTrackingPage, setWasOnTrackingPage] = useState(onTrackingPage);
  if (wasOnTrackingPage !== onTrackingPage) {
    setWasOnTrackingPage(onTrackingPage);
    setDesktopOpen(!onTrackingPage);
  }
  const [mobileOpen, setMobileOpen] = useState(false);
  const sidebarOpen = isMobile ? mobileOpen : desktopOpen;

  const toggleSidebar = () => {
    if (isMobile) setMobileOpen((open) => !open);
    else setDesktopOpen((open) => !open);
  };
  const closeMobile = () => setMobileOpen(false);

  return (
    <RealtimeProvider>
      <RealtimeCacheSync />
      <ChatMessageWatcher />
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <AppBar
          position="fixed"
          component="header"
          elevation={1}
          // The docked sidebar sits below the header; the mobile drawer covers it, as a modal should.
          sx={{ zIndex: (theme) => (isMobile ? theme.zIndex.appBar : theme.zIndex.drawer + 1) }}
        >
          <Toolbar>
            <IconButton
              color="inherit"
              edge="start"
              aria-label={sidebarOpen ? 'Hide navigation' : 'Show navigation'}
              aria-controls={SIDEBAR_ID}
              aria-expanded={sidebarOpen}
              onClick={toggleSidebar}
              sx={{ mr: 1 }}
            >
              {sidebarOpen ? <MenuOpenIcon /> : <MenuIcon />}
            </IconButton>
            <Brand to="/dashboard" />
            <Box sx={{ flexGrow: 1 }} />
            <NotificationCenter />
            <ProfileMenu />
          </Toolbar>
        </AppBar>

        {isMobile ? (
          <Drawer
            id={SIDEBAR_ID}
            variant="temporary"
            open={mobileOpen}
            onClose={closeMobile}
            // A modal drawer is a dialog to assistive technology, which needs its name.
            slotProps={{ paper: { 'aria-label': 'Navigation' } }}
            sx={{ '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } }}
          >
            <DashboardSidebar onNavigate={closeMobile} />
          </Drawer>
        ) : (
          <Drawer
            id={SIDEBAR_ID}
            variant="persistent"
            open={desktopOpen}
            sx={{
              width: desktopOpen ? SIDEBAR_WIDTH : 0,
              flexShrink: 0,
              transition: (theme) => theme.transitions.create('width'),
              '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' },
              // The frame the build draws ahead (src/prerender.tsx) is this wide layout, for
              // every width: a phone's shows no docked sidebar, as the phone's app does not.
              [`@media ${MOBILE_MEDIA_QUERY}`]: { display: 'none' },
            }}
          >
            <Toolbar />
            <DashboardSidebar />
          </Drawer>
        )}

        <Box component="main" sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, sm: 3 }, pb: 4 }}>
          <Toolbar />
          <Box sx={{ pt: 3 }}>
            <ScreenOutlet />
          </Box>
        </Box>
      </Box>
    </RealtimeProvider>
  );
}
