import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageLoader } from '../../ui/page-loader';
import { CardForm } from '../../ui/card-form/card-form';
import { savedCardsQueryOptions } from '../../ui/card-form/cards-api';
import { SavedCardView } from '../../ui/card-form/saved-card-view';

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
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void cards.refetch()}>
              Try again
            </Button>
          }
        >
          {cards.error.message}
        </Alert>
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
