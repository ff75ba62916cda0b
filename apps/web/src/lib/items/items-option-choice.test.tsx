import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddItemsOption } from './item-model';
import { ItemsOptionChoice } from './items-option-choice';

describe('ItemsOptionChoice', () => {
  it('marks the chosen way as pressed, not only by its fill', () => {
    render(<ItemsOptionChoice chosen={AddItemsOption.byCommonList} onChoose={() => {}} />);
    expect(screen.getByRole('button', { name: 'Common List' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'By Room' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('presses neither before a choice, and reports the one clicked', async () => {
    const onChoose = vi.fn();
    render(<ItemsOptionChoice chosen={null} onChoose={onChoose} />);
    expect(screen.getByRole('button', { name: 'By Room', pressed: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Common List', pressed: false })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'By Room' }));
    expect(onChoose).toHaveBeenCalledWith(AddItemsOption.byRoom);
  });
});
