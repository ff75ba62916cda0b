import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** spec/portal.md §2: the change sub-screens show a loading spinner while a call runs. */
export function StepSpinner() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', pb: 1 }}>
      <CircularProgress aria-label="Loading" size={28} />
    </Box>
  );
}
