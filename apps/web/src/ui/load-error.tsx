import type { SxProps, Theme } from '@mui/material/styles';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

export interface LoadErrorProps {
  /** What could not be loaded, as the screen words it, or the server's message. */
  message: string;
  /** Loads again, usually the failed query's `refetch`. */
  onRetry: () => unknown;
  sx?: SxProps<Theme>;
}

/**
 * The one "could not load / Try again" state: every screen whose data failed to load shows its
 * message in an error alert with a Try again button that loads it again (CONVENTIONS.md "Every
 * screen handles loading, empty and error states").
 */
export function LoadError({ message, onRetry, sx }: LoadErrorProps) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()}>
          Try again
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
