import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The entry point is the one module that mounts app/ (web/boundaries keeps every other one out).
import { App } from './app/app';
import { preloadRoute } from './app/routes';
import { carryOverInput, readInput } from './lib/prerendered-input';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/*
 * The entry pages come prerendered (decision 031): the server sends /login, /create-request and
 * the other public forms already drawn, and My Requests and a request's detail as the dashboard's
 * frame (decision 032), so that they show before this script has arrived. The app then draws the
 * same screen in their place: its modules are loaded first, so that the screen replaces its
 * picture in one go instead of through a spinner, and whatever was typed into the picture's
 * fields meanwhile is carried over, focus included, and a button pressed in the picture is
 * pressed again (lib/prerendered-input.ts).
 */
async function mount(root: HTMLElement) {
  const prerendered = root.hasAttribute('data-prerendered');
  if (prerendered) await preloadRoute(window.location.pathname).catch(() => undefined);
  const typed = prerendered ? readInput(root) : undefined;
  root.replaceChildren();
  root.removeAttribute('data-prerendered');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  if (typed) carryOverInput(root, typed);
}

void mount(container);
