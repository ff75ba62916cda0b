import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// The entry point is the one module that mounts app/ (web/boundaries keeps every other one out).
import { App } from './app/app';
import { preloadRoute } from './app/routes';
import {
  afterScreenHydrates,
  carryOverInput,
  readInput,
  takePress,
  wakeControls,
  watchInput,
} from './lib/prerendered-input';
import { builtPageHydrated, drawBuiltPage } from './lib/use-hydrated';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * Resolves in a task of its own: a message to itself, which (unlike a timer) a tab opened in the
 * background does not hold back.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/*
 * The entry pages come prerendered (decision 031): the server sends /login, /create-request and
 * the other public forms already drawn, and My Requests and a request's detail as the dashboard's
 * frame (decision 032), so that they show before this script has arrived. The app hydrates them
 * (decision 034): React takes over the elements on the page instead of drawing them again, so
 * the fields keep what was typed and the focus stays where it was. The screen's modules are
 * loaded first, so that hydration finds the screen itself and not its layout's spinner. What
 * React does not carry (the app's state of a value typed before it ran, a press made before its
 * listeners existed) is carried once it has hydrated (lib/prerendered-input.ts). A page that does
 * not match what the app draws (a stored answer showing data the frame did not have) is drawn
 * again by React, which is what it reports as a recoverable error.
 */
async function mount(root: HTMLElement) {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (!root.hasAttribute('data-prerendered')) {
    const fresh = createRoot(root);
    startTransition(() => fresh.render(app));
    return;
  }
  // In a task of its own: evaluating the entry's modules (MUI's theme, the route table, React)
  // is already the page's longest task, and matching the route with its imports' preload links
  // added about a fifth to it (11 of 52 ms in a profile of a request's detail).
  await nextTask();
  await preloadRoute(window.location.pathname).catch(() => undefined);
  const typed = readInput(root);
  const stopWatching = watchInput(root, typed);
  wakeControls(root);
  // Once the screen is React's: until then the start script keeps presses for it, and the page
  // says it is still the picture.
  afterScreenHydrates(() => {
    stopWatching();
    root.removeAttribute('data-prerendered');
    carryOverInput(root, { ...typed, pressed: takePress(root) });
    // The session, the width and today's date replace the build's, in a transition.
    builtPageHydrated();
  });
  drawBuiltPage();
  startTransition(() => {
    hydrateRoot(root, app);
  });
}

void mount(container);
