import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useDocumentTitle } from '../../lib/use-document-title';

/** spec/portal.md §2: any other path shows a 404 page with a Go Back button. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  const navigate = useNavigate();
  const location = useLocation();

  // Go Back is the browser's back. Only when there is nothing to go back to (the 404 is the
  // first page of the tab: React Router's 'default' key and a one-entry history) it leads home.
  const goBack = () => {
    if (location.key === 'default' && window.history.length <= 1)
      void navigate('/', { replace: true });
    else void navigate(-1);
  };

  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', px: 2, py: { xs: 6, sm: 10 }, textAlign: 'center' }}>
      <Typography variant="overline" component="p" color="text.secondary" sx={{ fontSize: '1rem' }}>
        Error 404
      </Typography>
      <Typography variant="h4" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        The page you are looking for does not exist or has moved.
      </Typography>
      <Button variant="contained" startIcon={<ArrowBackIcon aria-hidden />} onClick={goBack}>
        Go Back
      </Button>
    </Box>
  );
}
