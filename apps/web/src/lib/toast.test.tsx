import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_MS } from '@movehub/shared';
import { Toaster, showToast } from './toast';

describe('the toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the message as an alert for its duration, then goes', () => {
    render(<Toaster />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => showToast('Someone else was faster.'));
    expect(screen.getByRole('alert')).toHaveTextContent('Someone else was faster.');
    act(() => vi.advanceTimersByTime(TOAST_MS - 1));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stays while the pointer is on it, and closes with its button', () => {
    render(<Toaster />);
    act(() => showToast('Card declined.'));
    fireEvent.mouseEnter(screen.getByRole('alert'));
    act(() => vi.advanceTimersByTime(TOAST_MS * 3));
    expect(screen.getByRole('alert')).toHaveTextContent('Card declined.');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('counts a new message from its own start', () => {
    render(<Toaster />);
    act(() => showToast('First.', 'info'));
    act(() => vi.advanceTimersByTime(TOAST_MS - 100));
    act(() => showToast('Second.', 'success', { durationMs: 2000 }));
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('alert')).toHaveTextContent('Second.');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
