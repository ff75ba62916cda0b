import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStagedReveal } from './use-staged-reveal';

describe('useStagedReveal', () => {
  it('shows one part until ready, then one more part a task up to all of them', async () => {
    const { result, rerender } = renderHook(({ ready }) => useStagedReveal(3, ready), {
      initialProps: { ready: false },
    });
    expect(result.current).toBe(1);
    rerender({ ready: true });
    // The data's own commit draws the first part only.
    expect(result.current).toBe(1);
    const seen: number[] = [];
    await waitFor(() => {
      seen.push(result.current);
      expect(result.current).toBe(3);
    });
    expect(seen.every((n) => n <= 3)).toBe(true);
    // Another ready → not ready → ready starts over from the first part.
    rerender({ ready: false });
    expect(result.current).toBe(1);
    rerender({ ready: true });
    expect(result.current).toBe(1);
    await waitFor(() => expect(result.current).toBe(3));
  });

  it('stays at one part while not ready', async () => {
    const { result } = renderHook(() => useStagedReveal(3, false));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(result.current).toBe(1);
  });
});
