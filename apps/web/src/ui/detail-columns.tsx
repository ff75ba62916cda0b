import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';

/**
 * A request's detail in two columns (spec/request-lifecycle.md §2: the summary and timeline on
 * the left, the request's information and comments on the right), one column on a phone. The
 * customer's detail and the public page lay it out alike.
 */
export function DetailColumns({ left, right }: { left: ReactNode; right: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
        gap: 2,
        alignItems: 'start',
      }}
    >
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        {left}
      </Stack>
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        {right}
      </Stack>
    </Box>
  );
}
