import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface SectionProps {
  title: string;
  /** The heading's id, when a link or a test names it; a generated one otherwise. */
  id?: string;
  /** A button beside the heading (Edit, Propose a change). */
  action?: ReactNode;
  /**
   * 'outlined' draws the card of a detail screen; 'plain' is a bare section, for a screen that is
   * one column of them on a phone (the foreman's job).
   */
  variant?: 'outlined' | 'plain';
  children: ReactNode;
}

/**
 * A titled part of a detail screen: a <section> named by its h2, so that it is a region a screen
 * reader lists and a test finds by its title.
 */
export function Section({ title, id, action, variant = 'outlined', children }: SectionProps) {
  const generated = useId();
  const headingId = id ?? generated;
  const heading = (
    <Typography id={headingId} variant="h6" component="h2" sx={action ? undefined : { mb: 1.5 }}>
      {title}
    </Typography>
  );
  const content = (
    <>
      {action ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          useFlexGap
          sx={{
            justifyContent: 'space-between',
            alignItems: { sm: 'center' },
            flexWrap: 'wrap',
            mb: 1.5,
          }}
        >
          {heading}
          {action}
        </Stack>
      ) : (
        heading
      )}
      {children}
    </>
  );
  return variant === 'plain' ? (
    <Box component="section" aria-labelledby={headingId}>
      {content}
    </Box>
  ) : (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      {content}
    </Paper>
  );
}
