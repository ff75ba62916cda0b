import type { InputBaseComponentProps } from '@mui/material/InputBase';

/*
 * A text area of at least `minRows` lines that grows with its text (up to `maxRows` when given),
 * for MUI's text fields. It grows by CSS (`field-sizing: content`), not by MUI's multiline
 * `minRows`/`maxRows`: those render TextareaAutosize, which reads the text area's computed style
 * in a layout effect. On a screen drawn for the first time that read makes the browser compute
 * the style of the whole page there, inside the render's task (48 ms of a request detail's 88 ms
 * task in a Lighthouse trace, with the styles just inserted), instead of in the frame that
 * follows. A browser without `field-sizing` shows `minRows` lines and scrolls, and lets the
 * customer drag the area taller.
 */

const grows = (minRows: number, maxRows: number | undefined) => ({
  '& textarea': {
    fieldSizing: 'content',
    minHeight: `${minRows}lh`,
    ...(maxRows ? { maxHeight: `${maxRows}lh` } : {}),
  },
  '@supports not (field-sizing: content)': { '& textarea': { resize: 'vertical' } },
});

/**
 * The props of a TextField (or FormTextField) that make it such a text area:
 * `<TextField {...textArea(3, { htmlInput: { maxLength: 1000 } })} … />`. `htmlInput` is the
 * text area's own attributes (TextField's slotProps.htmlInput), which a `slotProps` of the
 * field's own would replace.
 */
export function textArea(
  minRows: number,
  { maxRows, htmlInput }: { maxRows?: number; htmlInput?: InputBaseComponentProps } = {},
) {
  return {
    multiline: true,
    rows: minRows,
    sx: grows(minRows, maxRows),
    slotProps: {
      input: { inputComponent: 'textarea' as const },
      // No type="text" on a text area (InputBase gives every input one).
      htmlInput: { type: undefined, ...htmlInput },
    },
  };
}

/** The same for an OutlinedInput (ui/text-input), whose text area attributes are its own. */
export function textAreaInput(minRows: number, maxRows?: number) {
  return {
    multiline: true,
    rows: minRows,
    inputComponent: 'textarea' as const,
    sx: grows(minRows, maxRows),
  };
}
