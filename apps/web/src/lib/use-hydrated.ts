import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/*
 * What a page drawn at build time (decision 031) shows while the app hydrates it, and how the
 * browser's own values (the stored session, the screen's width, today's date) take over after.
 *
 * The hydrating render must draw what the build drew. React's own way, a store's server snapshot
 * (useSyncExternalStore's third argument), swaps in the browser's value after hydration by a
 * synchronous render. On a request's detail that render and its commit (the session read, a
 * phone's drawer instead of the docked sidebar, the screen's queries starting) were one task of
 * 68 ms in a profile, 165–206 ms in Lighthouse's calibrated runs: the page's longest. Here the
 * swap is one transition once the whole page is hydrated, which React renders in slices.
 */

/** True from drawBuiltPage() until builtPageHydrated(). */
let drawingBuiltPage = false;

/** The components drawn as built, each waiting to take the browser's values. */
const waiting = new Set<() => void>();

/**
 * The next render draws the page as the build drew it: the build's prerender before drawing,
 * main.tsx before hydrating. Components mounted from then on start with useHydrated() false.
 */
export function drawBuiltPage(): void {
  drawingBuiltPage = true;
}

/**
 * The built page is hydrated, its screen too (main.tsx, once the screen has committed: React
 * hydrates a Suspense boundary's content after the layout around it, so the layout's own effects
 * come too early to say so). The components drawn as built take the browser's values in one
 * transition; those mounted from now on are the app's own, with them at once.
 */
export function builtPageHydrated(): void {
  drawingBuiltPage = false;
  const flips = [...waiting];
  waiting.clear();
  startTransition(() => {
    for (const flip of flips) flip();
  });
}

/**
 * False while the page is drawn at build time and while the app hydrates that drawing, true
 * after (builtPageHydrated); true at once in a component mounted after, or in an app that did not
 * hydrate. A value that belongs to the moment the page is opened is rendered only then.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !drawingBuiltPage);
  useEffect(() => {
    if (hydrated) return undefined;
    const flip = () => setHydrated(true);
    // Hydrated in the meantime (this component's first render was drawn as built).
    if (!drawingBuiltPage) {
      startTransition(flip);
      return undefined;
    }
    waiting.add(flip);
    return () => {
      waiting.delete(flip);
    };
  }, [hydrated]);
  return hydrated;
}

/**
 * A browser store's value (useSyncExternalStore's first two arguments), and `built` instead while
 * the page is drawn at build time or hydrated: the store's value takes over in a transition.
 */
export function useStoreAfterHydration<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  built: T,
): T {
  // The same snapshot on both sides: React has no mismatch of its own to correct synchronously.
  const live = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return useHydrated() ? live : built;
}
