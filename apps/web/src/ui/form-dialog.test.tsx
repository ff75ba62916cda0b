import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TextField from '@mui/material/TextField';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from './form-dialog';

function renderDialog(props: Partial<Parameters<typeof FormDialog>[0]> = {}) {
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const onClose = vi.fn();
  render(
    <FormDialog
      title="Set the price"
      description="Items: Sofa × 1"
      submitLabel="Send price"
      onSubmit={onSubmit}
      onClose={onClose}
      {...props}
    >
      <TextField id="price" name="price" label="Price difference (USD)" />
    </FormDialog>,
  );
  return { onSubmit, onClose, dialog: screen.getByRole('dialog', { name: 'Set the price' }) };
}

describe('FormDialog', () => {
  it('is named by its title and described by its description, and submits on Enter', async () => {
    const { onSubmit, dialog } = renderDialog();
    expect(dialog).toHaveAccessibleDescription('Items: Sofa × 1');

    await userEvent.type(within(dialog).getByLabelText('Price difference (USD)'), '25{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal in the dialog and cancels with Cancel", async () => {
    const { onClose, dialog } = renderDialog({ failure: 'This change was answered already.' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'This change was answered already.',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('disables both buttons and shows progress on the submit button while its call runs', () => {
    const { dialog } = renderDialog({ pending: true });
    const submit = within(dialog).getByRole('button', { name: 'Send price' });
    expect(submit).toBeDisabled();
    expect(submit.querySelector('[role="progressbar"]')).not.toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
