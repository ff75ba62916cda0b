import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Where each page of the tab's history was left, by React Router's key of its entry and the
 * page's path (a tab's first entry has the key 'default' whatever page it holds).
 */
const STORAGE_KEY = 'movehub.scroll';
/** The entries remembered: the tab's recent history, not all of it. */
const KEPT = 50;
/** How long a page coming back may take to grow tall enough (its data arriving) to be restored. */
const RESTORE_WITHIN_MS = 1500;

function readPositions(): [string, number][] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as [string, number][]) : [];
  } catch {
    return [];
  }
}

function savePosition(entry: string, top: number): void {
  const positions = readPositions().filter(([other]) => other !== entry);
  positions.push([entry, top]);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.slice(-KEPT)));
  } catch {
    // Storage full or refused: the page then opens at its top.
  }
}

function positionOf(entry: string): number | undefined {
  return readPositions().find(([other]) => other === entry)?.[1];
}

/**
 * Scrolls to `top` once the page is tall enough to be there: a page coming back re-renders its
 * data from the cache or the server, and the browser's own restoring, made before that, falls
 * short on a long list. Stops when the person scrolls or after RESTORE_WITHIN_MS.
 */
function restore(top: number): () => void {
  const until = performance.now() + RESTORE_WITHIN_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) {
      window.removeEventListener(type, stop);
    }
  };
  const attempt = () => {
    const reachable = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo(0, Math.min(top, Math.max(reachable, 0)));
    if (reachable >= top || performance.now() > until) stop();
    else frame = requestAnimationFrame(attempt);
  };
  for (const type of ['wheel', 'touchstart', 'keydown'] as const) {
    window.addEventListener(type, stop, { passive: true });
  }
  attempt();
  return stop;
}

/**
 * The scroll position of the declarative router (decision 034): a new page starts at its top;
 * going back or forward, or reloading, puts the page where it was left, once its content is
 * there. The browser's own restoring is turned off, since it runs before the page has drawn.
 */
export function ScrollRestoration() {
  const { key: entryKey, pathname, hash } = useLocation();
  const key = `${entryKey} ${pathname}`;
  const navigationType = useNavigationType();
  const top = useRef(0);

  useLayoutEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = previous;
    };
  }, []);

  // The page's position, followed as it scrolls and kept when it is left or the tab reloads.
  useEffect(() => {
    const follow = () => {
      top.current = window.scrollY;
    };
    const keep = () => savePosition(key, top.current);
    follow();
    window.addEventListener('scroll', follow, { passive: true });
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('scroll', follow);
      window.removeEventListener('pagehide', keep);
      keep();
    };
  }, [key]);

  useLayoutEffect(() => {
    if (navigationType === 'POP') {
      // Back, forward or a reload: where the page was left, if it was seen in this tab.
      const saved = positionOf(key);
      return saved === undefined ? undefined : restore(saved);
    }
    // A link to a place on the page is the browser's to follow.
    if (!hash) window.scrollTo(0, 0);
    return undefined;
  }, [key, hash, navigationType]);

  return null;
}
