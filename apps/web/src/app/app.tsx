import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter, useRoutes } from 'react-router';
import { AppProviders } from './providers';
import { routes } from './routes';

/** The route table's screen for the router's address (also what the prerender draws). */
export function AppRoutes() {
  return useRoutes(routes);
}

/*
 * The route table in React Router's declarative mode: the screens need its hooks and links
 * only, and the data router (loaders, actions, fetchers) would add about 17 kB gzipped to every
 * first visit (decision 029).
 */
export function App({
  queryClient,
  children,
}: {
  /** A query client of the caller's (the component tests' own, which do not retry). */
  queryClient?: QueryClient;
  /** Beside the routes, inside the router (the component tests' view of the location). */
  children?: ReactNode;
}) {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
        {children}
      </BrowserRouter>
    </AppProviders>
  );
}
