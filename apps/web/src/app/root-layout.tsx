import { Suspense } from 'react';
import { Outlet } from 'react-router';
import LinearProgress from '@mui/material/LinearProgress';
import { CookieBanner } from './cookie-banner';
import { ScreenErrorBoundary } from './screen-error-boundary';
import { ScrollRestoration } from './scroll-restoration';

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
      <ScrollRestoration />
    </>
  );
}
