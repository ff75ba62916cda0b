import { createTheme } from '@mui/material/styles';
import { MOBILE_BREAKPOINT_PX } from '@movehub/shared';

/**
 * The controls that show a focus ring when the keyboard focuses them. MUI's checkbox and radio
 * hide their native input, so the ring goes on the visible button around it (Mui-focusVisible).
 */
export const FOCUS_RING_SELECTOR = [
  'a:focus-visible',
  'button:focus-visible',
  'summary:focus-visible',
  '[role="button"]:focus-visible',
  '[role="tab"]:focus-visible',
  '[role="option"]:focus-visible',
  '[role="menuitem"]:focus-visible',
  '[role="radio"]:focus-visible',
  '[role="slider"]:focus-visible',
  '[tabindex="0"]:focus-visible',
  '.MuiButtonBase-root.Mui-focusVisible',
].join(', ');

/**
 * Colours are chosen for WCAG AA contrast on white and on the grey page background (axe checks
 * them at 375 px and 1280 px): the primary blue is 8.6:1 on white, secondary text stays at 0.7 alpha.
 */
export const theme = createTheme({
  palette: {
    primary: { main: '#0d47a1', contrastText: '#ffffff' },
    secondary: { main: '#00695c', contrastText: '#ffffff' },
    error: { main: '#c62828' },
    info: { main: '#01579b' },
    success: { main: '#1b5e20' },
    background: { default: '#f5f7fa', paper: '#ffffff' },
    text: { primary: 'rgba(0, 0, 0, 0.87)', secondary: 'rgba(0, 0, 0, 0.7)' },
  },
  shape: { borderRadius: 8 },
  typography: {
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiLink: { defaultProps: { underline: 'always' } },
    // A keyboard user sees where the focus is on every control: links, buttons, tabs, options,
    // checkboxes and radios get a ring when focused by keyboard (:focus-visible). Text fields
    // keep MUI's own thicker, coloured border instead.
    MuiCssBaseline: {
      styleOverrides: {
        [FOCUS_RING_SELECTOR]: {
          outline: '3px solid #0d47a1',
          outlineOffset: '2px',
        },
      },
    },
  },
});

/** Below 769 px the dashboard sidebar becomes a drawer (spec/portal.md §9). */
export const MOBILE_MEDIA_QUERY = `(max-width:${MOBILE_BREAKPOINT_PX - 0.05}px)`;
