import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageLoader } from '../../ui/page-loader';
import { CardForm } from '../../lib/card-form/card-form';
import { savedCardsQueryOptions } from '../../lib/card-form/cards-api';
import { RETURN_TEXT, RETURN_TO_PARAM, returnPathOf } from '../../lib/card-form/my-cards-path';
import { SavedCardView } from '../../lib/card-form/saved-card-view';
import { LoadError } from '../../ui/load-error';

/**
 * /dashboard/my-cards (spec/portal.md §2): with no saved card the Add Card form; with one, the
 * card marked Verified with a Delete control. After an add the form locks and shows Verified
 * until the refetched list shows the card; after a delete a fresh, empty form takes its place.
 * Reached from a payment screen (`?return_to=`), a saved card goes back to that payment.
 */
export function MyCardsPage() {
  useDocumentTitle('My Cards');
  const cards = useQuery(savedCardsQueryOptions());
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = returnPathOf(params.get(RETURN_TO_PARAM));
  // After a delete the confirmation dialog's trigger is gone: focus goes to the new form.
  const [deleted, setDeleted] = useState(false);
  const card = cards.data?.[0];

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        My Cards
      </Typography>

      {returnTo && cards.isSuccess && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {card ? RETURN_TEXT.replace : RETURN_TEXT.add}{' '}
          <Link component={RouterLink} to={returnTo}>
            {RETURN_TEXT.back}
          </Link>
        </Alert>
      )}

      {cards.isPending ? (
        <PageLoader label="Loading your card" />
      ) : cards.isError && !cards.data ? (
        <LoadError message={cards.error.message} onRetry={cards.refetch} />
      ) : card ? (
        <SavedCardView card={card} onDeleted={() => setDeleted(true)} />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <CardForm
            autoFocus={deleted}
            // Back to the payment that sent the customer here; its card list loads afresh.
            {...(returnTo ? { onSaved: () => void navigate(returnTo, { replace: true }) } : {})}
          />
        </Paper>
      )}
    </Box>
  );
}
