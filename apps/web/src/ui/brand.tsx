import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { PRODUCT_NAME } from '../lib/use-document-title';

/** The logo and product name of the header; a link home. */
export function Brand({ to = '/' }: { to?: string }) {
  return (
    <Box
      component={RouterLink}
      to={to}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: 'inherit',
        textDecoration: 'none',
      }}
    >
      <LocalShippingIcon aria-hidden fontSize="large" />
      <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: 0.5 }}>
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
