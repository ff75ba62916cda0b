import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageLoader } from '../../ui/page-loader';
import { CardForm } from '../../lib/card-form/card-form';
import { savedCardsQueryOptions } from '../../lib/card-form/cards-api';
import { SavedCardView } from '../../lib/card-form/saved-card-view';
import { LoadError } from '../../ui/load-error';

/**
 * /dashboard/my-cards (spec/portal.md §2): with no saved card the Add Card form; with one, the
 * card marked Verified with a Delete control. After an add the form locks and shows Verified
 * until the refetched list shows the card; after a delete a fresh, empty form takes its place.
 */
export function MyCardsPage() {
  useDocumentTitle('My Cards');
  const cards = useQuery(savedCardsQueryOptions());
  // After a delete the confirmation dialog's trigger is gone: focus goes to the new form.
  const [deleted, setDeleted] = useState(false);
  const card = cards.data?.[0];

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        My Cards
      </Typography>

      {cards.isPending ? (
        <PageLoader label="Loading your card" />
      ) : cards.isError && !cards.data ? (
        <LoadError message={cards.error.message} onRetry={cards.refetch} />
      ) : card ? (
        <SavedCardView card={card} onDeleted={() => setDeleted(true)} />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <CardForm autoFocus={deleted} />
        </Paper>
      )}
    </Box>
  );
}
