import Box from '@mui/material/Box';

/**
 * A thin bar moving along the top of the window while a page's code loads. Drawn with CSS alone:
 * it is on every first screen, where MUI's LinearProgress would cost more than all it shows.
 */
export function TopProgress({ label }: { label: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 4,
        overflow: 'hidden',
        zIndex: (theme) => theme.zIndex.tooltip,
        bgcolor: 'primary.light',
        '@keyframes top-progress': {
          from: { transform: 'translateX(-100%)' },
          to: { transform: 'translateX(250%)' },
        },
        '&::after': {
          content: '""',
          position: 'absolute',
          top: 0,
          bottom: 0,
          left: 0,
          width: '40%',
          bgcolor: 'primary.main',
          animation: 'top-progress 1.4s ease-in-out infinite',
        },
        '@media (prefers-reduced-motion: reduce)': { '&::after': { animation: 'none' } },
      }}
    />
  );
}
