import { render, screen } from '@testing-library/react';
import Button from '@mui/material/Button';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers';
import { FOCUS_RING_SELECTOR, theme } from './theme';

/** The text of every style the page holds (Emotion's tags). */
const pageStyles = () =>
  Array.from(document.querySelectorAll('style'))
    .map((style) => style.textContent ?? '')
    .join('\n');

describe('theme: the keyboard focus', () => {
  it('rings links, buttons, tabs, options and the boxes around hidden inputs on :focus-visible', () => {
    // Through the app's own providers: the theme provider and the baseline the app ships.
    render(
      <AppProviders>
        <Button variant="contained">Next</Button>
      </AppProviders>,
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
    // The components read the app's palette, not MUI's default one.
    expect(styles).toContain(`--variant-containedBg:${theme.palette.primary.main};`);
  });
});
