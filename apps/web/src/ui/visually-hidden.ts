import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Text for screen readers only (a label the layout already shows visually).
 * Sizes are strings on purpose: MUI reads the number 1 as 100%, which made every
 * hidden label as wide as its container and pushed pages wider than the screen.
 */
export const visuallyHidden: SxProps<Theme> = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
