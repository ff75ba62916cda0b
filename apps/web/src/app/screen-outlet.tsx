import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../ui/page-loader';

/**
 * A layout's page. Screens load lazily (app/routes.tsx): while a screen's code is on its way the
 * layout stays and a spinner holds the page's place.
 */
export function ScreenOutlet() {
  return (
    <Suspense fallback={<PageLoader label="Loading page" />}>
      <Outlet />
    </Suspense>
  );
}
