import { useLayoutEffect, type ReactElement, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import {
  BrowserRouter,
  useLocation,
  useNavigate,
  type InitialEntry,
  type Location,
  type NavigateFunction,
} from 'react-router';
// The app as main.tsx mounts it: the production route table, router and providers.
import { App } from '../app/app';
import { AppProviders } from '../app/providers';
import { preloadRoute } from '../app/routes';
import { createQueryClient } from '../lib/query-client';

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
 * entry pushed in turn, the last one shown. A first entry without page state is a tab opened at
 * it, whose history state is empty (React Router's 'default' location key).
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
    if (idx === 0) {
      window.history.replaceState(state === null ? null : record, '', pathname + search + hash);
    } else window.history.pushState(record, '', pathname + search + hash);
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

/**
 * Loads the code of the screens at `paths` (their guards, layouts and the screen itself), as
 * main.tsx does before it draws a prerendered page. Called in a file's `beforeAll`, it spares the
 * file's first test the wait for its chunks to be transformed, which on a busy machine outlasts
 * Testing Library's timeout; every test then renders as the file's later tests do.
 */
export async function preloadScreens(...paths: string[]): Promise<void> {
  await Promise.all(paths.map((path) => preloadRoute(path)));
}

/**
 * One component that is not a screen (a field, a dialog, a section of a page) with what it needs
 * around it: the app's providers (theme, a query client that does not retry, the toast) and the
 * app's router mode at `at`, for its links and hooks. A screen, anything in the route table,
 * renders through `renderApp` at its real URL instead.
 */
export function renderComponent(
  element: ReactElement,
  { at = '/', wrapper: Wrap }: { at?: InitialEntry | InitialEntry[]; wrapper?: Wrapper } = {},
) {
  seedHistory(at);
  const { router, probe } = probedRouter();
  const queryClient = testQueryClient();
  const ui = (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        {element}
        {probe}
      </BrowserRouter>
    </AppProviders>
  );
  const view = render(Wrap ? <Wrap>{ui}</Wrap> : ui);
  return { ...view, router, queryClient };
}
