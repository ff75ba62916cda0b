import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../ui/page-loader';
import { ScreenErrorBoundary } from './screen-error-boundary';

/**
 * A layout's page. Screens load lazily (app/routes.tsx): while a screen's code is on its way the
 * layout stays and a spinner holds the page's place; a screen that fails says so in its place.
 */
export function ScreenOutlet() {
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<PageLoader label="Loading page" />}>
        <Outlet />
      </Suspense>
    </ScreenErrorBoundary>
  );
}
