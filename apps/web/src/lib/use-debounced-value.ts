import { useEffect, useState } from 'react';

/**
 * `value`, once it has stayed unchanged for `delayMs` (typing pauses, a settled address list).
 * Until the first pause it is `initial`: the value itself by default, or e.g. '' for a lookup
 * that must wait its delay on load too.
 */
export function useDebouncedValue<T>(value: T, delayMs: number, initial: T = value): T {
  const [settled, setSettled] = useState(initial);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
