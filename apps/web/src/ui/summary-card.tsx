import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface SummaryCardProps {
  /** The heading's id: the card is an article named by it. */
  headingId: string;
  title: ReactNode;
  /** Chips beside the title (the stage, the company's own bid). */
  badges?: ReactNode;
  children: ReactNode;
}

/** One request in a partner list (a job, an open request): its title, its chips, its facts. */
export function SummaryCard({ headingId, title, badges, children }: SummaryCardProps) {
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        {badges}
      </Stack>
      {children}
    </Paper>
  );
}

/** The card's facts: a description list that wraps into columns as the width allows. */
export function Facts({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1.5, m: 0, mb: 2 }}
    >
      {children}
    </Box>
  );
}

/** A term and its value among the card's facts. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}
