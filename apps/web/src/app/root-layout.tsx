import { Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import LinearProgress from '@mui/material/LinearProgress';
import { CookieBanner } from './cookie-banner';
import { ScreenErrorBoundary } from './screen-error-boundary';

/**
 * A new page starts at its top. Going back or forward leaves the position to the browser's own
 * restoring, which may fall short on a long page whose data is still loading.
 */
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
      <ScreenErrorBoundary>
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
      </ScreenErrorBoundary>
      <CookieBanner />
      <ScrollToTop />
    </>
  );
}
