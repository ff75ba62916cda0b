import { render, screen } from '@testing-library/react';
import CssBaseline from '@mui/material/CssBaseline';
import Button from '@mui/material/Button';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { FOCUS_RING_SELECTOR, theme } from './theme';

/** The text of every style the page holds (Emotion's tags). */
const pageStyles = () =>
  Array.from(document.querySelectorAll('style'))
    .map((style) => style.textContent ?? '')
    .join('\n');

describe('theme: the keyboard focus', () => {
  it('rings links, buttons, tabs, options and the boxes around hidden inputs on :focus-visible', () => {
    render(
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Button>Next</Button>
      </ThemeProvider>,
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
    for (const selector of [
      'a:focus-visible',
      'button:focus-visible',
      '[role="tab"]:focus-visible',
      '[role="option"]:focus-visible',
      '.MuiButtonBase-root.Mui-focusVisible',
    ]) {
      expect(FOCUS_RING_SELECTOR).toContain(selector);
    }
    const styles = pageStyles().replace(/\s+/g, '');
    expect(styles).toContain(
      `${FOCUS_RING_SELECTOR.replace(/\s+/g, '')}{outline:3pxsolid#0d47a1;outline-offset:2px;}`,
    );
  });
});
