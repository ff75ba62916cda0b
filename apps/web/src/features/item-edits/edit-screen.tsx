import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { requestDetailPath } from '../../lib/request-paths';

/**
 * The frame of an edit screen: the back arrow to the request's detail (spec §2) and the title.
 * A screen whose title depends on what loads gives none until then, so its heading never changes.
 */
export function EditScreen({
  requestId,
  title,
  children,
}: {
  requestId: number;
  title?: string;
  children: ReactNode;
}) {
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
        <IconButton
          component={RouterLink}
          to={requestDetailPath(requestId)}
          aria-label="Back to the request"
        >
          <ArrowBackIcon />
        </IconButton>
        {title !== undefined && (
          <Typography variant="h4" component="h1">
            {title}
          </Typography>
        )}
      </Stack>
      {children}
    </Box>
  );
}
