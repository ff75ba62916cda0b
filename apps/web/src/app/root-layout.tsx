import { Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import LinearProgress from '@mui/material/LinearProgress';
import { CookieBanner } from './cookie-banner';

/** A new page starts at its top; going back leaves the browser to restore where it was. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

/**
 * Wraps every page: a progress bar while a layout's code loads (each layout shows its own
 * spinner for its pages), the cookie banner of the app shell, and the scroll position.
 */
export function RootLayout() {
  return (
    <>
      <Suspense
        fallback={
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
        }
      >
        <Outlet />
      </Suspense>
      <CookieBanner />
      <ScrollToTop />
    </>
  );
}
