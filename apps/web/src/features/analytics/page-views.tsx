import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Reports each page the router shows to the page-view analytics (decision 043). The cookie
 * notice draws it only once the visitor has accepted; its sender loads with the first report,
 * after the page has painted, so a first visit's scripts carry none of it.
 */
export function PageViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    import('./analytics-sender').then((sender) => sender.pageShown(pathname)).catch(() => {});
  }, [pathname]);
  return null;
}
