import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
// Like main.tsx, an entry point: the build draws the entry pages with the app's own tree.
import { AppRoutes } from './app/app';
import { PrerenderedConsent } from './app/cookie-banner';
import { PrerenderedFrame } from './app/guards';
import { AppProviders } from './app/providers';
import { preloadRoute } from './app/routes';
import { theme } from './app/theme';
import { TOKEN_KEY } from './lib/storage';
import { drawBuiltPage } from './lib/use-hydrated';

/*
 * The pages drawn at build time (decision 031, apps/web/build/prerender.ts): a visit to one of
 * them paints the page from the HTML, before the app's script has arrived; the app draws the same
 * screen in its place once it runs (main.tsx). The entry pages are public forms whose first
 * picture depends on nothing the server or the browser holds. My Requests and a request's detail,
 * where a returning customer lands, are drawn as their frame: the dashboard's header and links,
 * the page's heading and its loader, which is what the app first shows there too, before the
 * session's data has come. A path's `:name` segment stands for an id (the server matches digits
 * there). `sessionKey` names the stored token a page needs: without it, the page goes to the
 * login page as soon as it is parsed, without loading the app (apps/web/build/prerender.ts).
 */
export const PRERENDERED_PAGES: { path: string; title: string; sessionKey?: string }[] = [
  { path: '/login', title: 'Login' },
  { path: '/register', title: 'Sign Up' },
  { path: '/forget-password', title: 'Forgot password' },
  { path: '/create-request', title: 'Create Request' },
  { path: '/dashboard/my-requests', title: 'My Requests', sessionKey: TOKEN_KEY },
  { path: '/dashboard/my-requests/:requestId', title: 'Request DETAIL', sessionKey: TOKEN_KEY },
];

/** An address the page's path stands for: each `:name` segment as the id 0. */
export function addressOf(path: string): string {
  return path.replace(/:\w+/g, '0');
}

/**
 * What the picture's fields show before the app runs, which MUI draws from the app's state: the
 * focused field's outline and label in the primary colour, and the label raised off a field that
 * holds text (typed, or filled in by the browser), as the live field shows them.
 */
const picture = '#root[data-prerendered]';
const primary = theme.palette.primary.main;
export const PICTURE_STYLE = [
  `${picture} .MuiOutlinedInput-root:focus-within .MuiOutlinedInput-notchedOutline{border-color:${primary};border-width:2px}`,
  `${picture} .MuiFormControl-root:focus-within>label.MuiInputLabel-root{color:${primary}}`,
  `${picture} .MuiFormControl-root:has(input:focus,textarea:focus,input:not(:placeholder-shown),textarea:not(:placeholder-shown))>label.MuiInputLabel-root:not(.MuiInputLabel-shrink){transform:translate(14px,-9px) scale(0.75);background:${theme.palette.background.paper};padding:0 4px;margin-left:-4px}`,
].join('');

/**
 * The page's markup inside #root, with emotion's style elements inline as it renders them: for a
 * visitor who has accepted the cookie notice, or with the notice for one who has not. A path with
 * an id segment is drawn at the address of id 0.
 */
export async function renderPage(path: string, consented: boolean): Promise<string> {
  const address = addressOf(path);
  await preloadRoute(address);
  drawBuiltPage();
  return renderToString(
    <StrictMode>
      <PrerenderedFrame.Provider value>
        <PrerenderedConsent.Provider value={consented}>
          <AppProviders>
            <StaticRouter location={address}>
              <AppRoutes />
            </StaticRouter>
          </AppProviders>
        </PrerenderedConsent.Provider>
      </PrerenderedFrame.Provider>
    </StrictMode>,
  );
}
