import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
// Like main.tsx, an entry point: the build draws the entry pages with the app's own tree.
import { AppRoutes } from './app/app';
import { PrerenderedConsent } from './app/cookie-banner';
import { AppProviders } from './app/providers';
import { preloadRoute } from './app/routes';

/*
 * The entry pages drawn at build time (decision 031, apps/web/build/prerender.ts): a first visit
 * to one of them paints the form from the HTML, before the app's script has arrived. They are
 * public forms whose first picture depends on nothing the server or the browser holds; the app
 * draws the same screen in their place once it runs (main.tsx).
 */
export const PRERENDERED_PAGES: { path: string; title: string }[] = [
  { path: '/login', title: 'Login' },
  { path: '/register', title: 'Sign Up' },
  { path: '/forget-password', title: 'Forgot password' },
  { path: '/create-request', title: 'Create Request' },
];

/**
 * The page's markup inside #root, with emotion's style elements inline as it renders them: for a
 * visitor who has accepted the cookie notice, or with the notice for one who has not.
 */
export async function renderPage(path: string, consented: boolean): Promise<string> {
  await preloadRoute(path);
  return renderToString(
    <StrictMode>
      <PrerenderedConsent.Provider value={consented}>
        <AppProviders>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </PrerenderedConsent.Provider>
    </StrictMode>,
  );
}
