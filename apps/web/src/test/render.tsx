import { useLayoutEffect, type ReactElement, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useRoutes,
  type InitialEntry,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from 'react-router';
// The app as main.tsx mounts it: the production route table, router and providers.
import { App } from '../app/app';
import { createQueryClient } from '../lib/query-client';
import { Toaster } from '../lib/toast';

type Wrapper = (props: { children: ReactNode }) => ReactElement;

/** What a test sees of the router: where it is, and a way to go elsewhere. */
export interface TestRouter {
  state: { location: Location };
  navigate: NavigateFunction;
}

/** Tells `seen` where the router it renders in is, and how it navigates, after each render. */
function RouterProbe({ seen }: { seen: (location: Location, navigate: NavigateFunction) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => seen(location, navigate));
  return null;
}

/** The test's view of the router, kept by a probe rendered inside it. */
function probedRouter(): { router: TestRouter; probe: ReactElement } {
  const router = newRouter();
  const seen = (location: Location, navigate: NavigateFunction) => {
    router.state.location = location;
    router.navigate = navigate;
  };
  return { router, probe: <RouterProbe seen={seen} /> };
}

function newRouter(): TestRouter {
  return {
    state: { location: { pathname: '', search: '', hash: '', state: null, key: '' } },
    navigate: () => {
      throw new Error('the router has not rendered yet');
    },
  };
}

/** A query client as the app makes it, without retries: a failed call fails the test at once. */
function testQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  return queryClient;
}

const entries = (at: InitialEntry | InitialEntry[]) => (Array.isArray(at) ? at : [at]);

/**
 * The browser's history as BrowserRouter keeps it (its state's `usr`, `key` and `idx`): each
 * entry pushed in turn, the last one shown.
 */
function seedHistory(at: InitialEntry | InitialEntry[]): void {
  entries(at).forEach((entry, idx) => {
    const {
      pathname = '/',
      search = '',
      hash = '',
      state = null,
    } = typeof entry === 'string' ? { pathname: entry } : entry;
    const record = { usr: state, key: `entry${idx}`, idx };
    if (idx === 0) window.history.replaceState(record, '', pathname + search + hash);
    else window.history.pushState(record, '', pathname + search + hash);
  });
}

/**
 * Renders the app as it ships (app/app.tsx: the production route table in the same router, with
 * the same providers) at `at`, with a query client that does not retry. Several entries make a
 * history (the last is shown); an entry may carry page state. A wrapper goes around it all (a
 * fake socket's connector, for instance).
 */
export function renderApp(
  at: InitialEntry | InitialEntry[],
  { wrapper: Wrap }: { wrapper?: Wrapper } = {},
) {
  seedHistory(at);
  const { router, probe } = probedRouter();
  const queryClient = testQueryClient();
  const app = <App queryClient={queryClient}>{probe}</App>;
  const view = render(Wrap ? <Wrap>{app}</Wrap> : app);
  return { ...view, router, queryClient };
}

function TableRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * A route table of the test's own (stand-ins for the pages a screen links to), in the router's
 * mode the app uses (declarative routes, app/app.tsx), with a query client that does not retry
 * and the toast. Screens whose journey matters through the app's own routes use `renderApp`.
 */
export function renderRoutes(
  routes: RouteObject[],
  initial: InitialEntry | InitialEntry[],
  { wrapper: Wrap }: { wrapper?: Wrapper } = {},
) {
  const { router, probe } = probedRouter();
  const queryClient = testQueryClient();
  const app = (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={entries(initial)} initialIndex={entries(initial).length - 1}>
        <TableRoutes routes={routes} />
        {probe}
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>
  );
  const view = render(Wrap ? <Wrap>{app}</Wrap> : app);
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
