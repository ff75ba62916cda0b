import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { screenCommitted } from '../lib/prerendered-input';
import { PageLoader } from '../ui/page-loader';
import { ScreenErrorBoundary } from './screen-error-boundary';

/** Says when the screen beside it has committed, inside its Suspense boundary. */
function ScreenCommitted() {
  useEffect(screenCommitted, []);
  return null;
}

/**
 * A layout's page. Screens load lazily (app/routes.tsx): while a screen's code is on its way the
 * layout stays and a spinner holds the page's place; a screen that fails says so in its place.
 * A hydrated page's typed text and kept press are carried over once its screen is React's
 * (lib/prerendered-input.ts).
 */
export function ScreenOutlet() {
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<PageLoader label="Loading page" />}>
        <Outlet />
        <ScreenCommitted />
      </Suspense>
    </ScreenErrorBoundary>
  );
}
