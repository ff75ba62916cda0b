import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { passwordStrength, strengthLabel } from '@movehub/shared';

const COLOR = { 'Very Weak': 'error', Medium: 'warning', Strong: 'success' } as const;

/**
 * spec/portal.md §5: the strength of a new password, 0 to 2 Very Weak, 3 Medium, 4 Strong.
 * The label is written out, so colour is never the only signal.
 */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  if (!password) return null;
  const level = passwordStrength(password);
  const label = strengthLabel(level);
  return (
    <Box id={id} sx={{ mt: -1 }}>
      <LinearProgress
        variant="determinate"
        value={Math.max(level, 1) * 25}
        color={COLOR[label]}
        aria-label="Password strength"
        aria-valuetext={label}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        Password strength: <strong>{label}</strong>
      </Typography>
    </Box>
  );
}
