import { render, screen } from '@testing-library/react';
import TextField from '@mui/material/TextField';
import { describe, expect, it } from 'vitest';
import { textArea } from './text-area';
import { TextInput } from './text-input';

describe('textArea', () => {
  it('makes a text field one text area of its minimum rows, with no measuring copy', () => {
    const { container } = render(
      <TextField
        id="note"
        label="Note"
        {...textArea(3, { maxRows: 6, htmlInput: { maxLength: 10 } })}
      />,
    );
    const area = screen.getByRole('textbox', { name: 'Note' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toHaveAttribute('rows', '3');
    expect(area).toHaveAttribute('maxlength', '10');
    expect(area).not.toHaveAttribute('type');
    // MUI's autosize adds a hidden second text area that it measures in a layout effect.
    expect(container.querySelectorAll('textarea')).toHaveLength(1);
  });

  it('is what TextInput draws for a multiline field', () => {
    const { container } = render(<TextInput id="comment" label="Comment" multiline minRows={2} />);
    const area = screen.getByRole('textbox', { name: 'Comment' });
    expect(area).toHaveAttribute('rows', '2');
    expect(area).not.toHaveAttribute('type');
    expect(container.querySelectorAll('textarea')).toHaveLength(1);
  });
});
