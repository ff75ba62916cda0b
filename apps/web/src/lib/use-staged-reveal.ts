import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a long screen's parts to draw, growing by one a task once `ready`: the first part
 * commits with the data, each next one in its own interruptible render and commit, so that no
 * single task inserts the whole screen's elements and styles at once (a phone's taps wait for a
 * long task to end; Lighthouse counts it as blocking time). Starts again at 1 when `ready` goes
 * back to false.
 */
export function useStagedReveal(parts: number, ready: boolean): number {
  const [shown, setShown] = useState(1);
  const [wasReady, setWasReady] = useState(ready);
  if (ready !== wasReady) {
    setWasReady(ready);
    if (!ready) setShown(1);
  }
  useEffect(() => {
    if (!ready || shown >= parts) return;
    const timer = setTimeout(() => startTransition(() => setShown((n) => Math.min(parts, n + 1))));
    return () => clearTimeout(timer);
  }, [ready, shown, parts]);
  return ready ? shown : 1;
}
