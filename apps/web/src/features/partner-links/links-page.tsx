import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LoadError } from '../../ui/load-error';
import { PageLoader } from '../../ui/page-loader';
import { LinkCard } from './link-card';
import { directLinksQueryOptions } from './links-api';
import { useCreateDirectLink } from './use-link-mutations';

export const NO_LINKS_MESSAGE =
  'You have no direct links yet. Create one and share it: the requests made through it come straight to you.';
export const LINK_CREATED_MESSAGE = 'Direct link created. Copy it to share it with your customers.';

/**
 * /partner/links (create, copy, disable, and the requests that came
 * through each).
 */
export function LinksPage() {
  useDocumentTitle('Direct links');
  const query = useQuery(directLinksQueryOptions());
  const create = useCreateDirectLink();

  const links = query.data?.data ?? [];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1100, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, mb: 2 }}
      >
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Direct links
        </Typography>
        <Button
          variant="contained"
          disabled={create.isPending}
          onClick={() =>
            create.mutate(undefined, {
              onSuccess: () => showToast(LINK_CREATED_MESSAGE, 'success'),
            })
          }
          startIcon={
            create.isPending ? (
              <CircularProgress aria-hidden size={18} color="inherit" />
            ) : undefined
          }
        >
          Create link
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        A customer who opens one of your links sends the request to your company alone. Disable a
        link you no longer share: whoever opens it is told it is invalid.
      </Typography>

      {query.isPending ? (
        <PageLoader label="Loading direct links" />
      ) : query.isError ? (
        <LoadError message={errorMessage(query.error)} onRetry={() => query.refetch()} />
      ) : links.length === 0 ? (
        <Alert severity="info">{NO_LINKS_MESSAGE}</Alert>
      ) : (
        <Stack spacing={2} component="section" aria-label="Your direct links">
          {links.map((link) => (
            <LinkCard key={link.id} link={link} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
