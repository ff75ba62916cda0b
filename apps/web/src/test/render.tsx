import type { ReactElement, ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import {
  RouterProvider,
  createMemoryRouter,
  type InitialEntry,
  type RouteObject,
} from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { Toaster } from '../lib/toast';

/**
 * Renders routes in a memory router with a fresh query client and the toast, as the app does.
 * The initial entry may carry page state; several entries make a history (the last is shown).
 * A wrapper goes around it all (a fake socket's connector, for instance).
 */
export function renderRoutes(
  routes: RouteObject[],
  initial: InitialEntry | InitialEntry[],
  { wrapper: Wrapper }: { wrapper?: (props: { children: ReactNode }) => ReactElement } = {},
) {
  const router = createMemoryRouter(routes, {
    initialEntries: Array.isArray(initial) ? initial : [initial],
  });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const app = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
  const view = render(Wrapper ? <Wrapper>{app}</Wrapper> : app);
  return { ...view, router, queryClient };
}

/** One screen at one path, with stand-ins for the places it links to. */
export function renderScreen(
  element: ReactElement,
  { path = '/', at = path }: { path?: string; at?: InitialEntry | InitialEntry[] } = {},
) {
  return renderRoutes(
    [
      { path, element },
      { path: '*', element: <p>Other page</p> },
    ],
    at,
  );
}
