import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';

interface PrevNextBarProps {
  onPrev: () => void;
  /** Omitted on a step whose choices lead on by themselves (step 2). */
  onNext?: () => void;
  nextLabel?: string;
  /** More buttons between the two (step 2's Skip). */
  children?: ReactNode;
}

/** The bottom of a step: 'Prev' back along spec §4's flow, 'Next' on along it. */
export function PrevNextBar({ onPrev, onNext, nextLabel = 'Next', children }: PrevNextBarProps) {
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ justifyContent: 'space-between', flexWrap: 'wrap', mt: 4 }}
    >
      <Button variant="outlined" startIcon={<ArrowBackIcon aria-hidden />} onClick={onPrev}>
        Prev
      </Button>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {children}
        {onNext && (
          <Button variant="contained" endIcon={<ArrowForwardIcon aria-hidden />} onClick={onNext}>
            {nextLabel}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
