import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import LinearProgress from '@mui/material/LinearProgress';
import { CookieBanner } from './cookie-banner';

/** Wraps every page: the lazy-route progress bar and the cookie banner of the app shell. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && (
        <LinearProgress
          aria-label="Loading page"
          sx={{
            position: 'fixed',
            top: 0,
            left: 0,
            right: 0,
            zIndex: (theme) => theme.zIndex.tooltip,
          }}
        />
      )}
      <Outlet />
      <CookieBanner />
      <ScrollRestoration />
    </>
  );
}
