import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadError } from './load-error';

describe('LoadError', () => {
  it('shows what failed as an alert and loads again on Try again', async () => {
    const onRetry = vi.fn();
    render(<LoadError message="We could not load your profile." onRetry={onRetry} />);

    expect(screen.getByRole('alert')).toHaveTextContent('We could not load your profile.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
