import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SavedCard } from '@movehub/shared';
import { useAuthToken } from '../../../lib/storage';
import { CardForm } from '../../../lib/card-form/card-form';
import { savedCardsQueryOptions } from '../../../lib/card-form/cards-api';
import { SavedCardView } from '../../../lib/card-form/saved-card-view';
import { PageLoader } from '../../../ui/page-loader';
import { Screen } from '../draft';
import { useWizard } from '../wizard-context';
import { LoadError } from '../../../ui/load-error';

/**
 * Step 6, 'Add card' (spec/request-lifecycle.md §2 step 6, §4 "Card (wizard step 6)"), opened
 * from the summary and returning to it: the saved card when one exists (checking_card_exist, as
 * My Cards), else the card form, which locks and shows Verified after a successful add. Next
 * appears only when a saved card exists. A card belongs to an account: a visitor adds it later.
 */
export function StepCard() {
  const { goTo } = useWizard();
  const token = useAuthToken();

  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h4" component="h1">
        Add card
      </Typography>
      {token ? (
        <CardBody onNext={() => goTo(Screen.summary)} onPrev={() => goTo(Screen.summary)} />
      ) : (
        <>
          <Alert severity="info">
            Your card is added after you log in. You can send your request first and add a card
            later under My Cards.
          </Alert>
          <StepButtons onPrev={() => goTo(Screen.summary)} />
        </>
      )}
    </Stack>
  );
}

function CardBody({ onPrev, onNext }: { onPrev: () => void; onNext: () => void }) {
  const cards = useQuery(savedCardsQueryOptions());
  // The card the form just saved, until the refetched list shows it.
  const [added, setAdded] = useState<SavedCard | null>(null);
  // After a delete a fresh form takes the card's place, focused.
  const [deleted, setDeleted] = useState(false);
  const card = cards.data?.[0] ?? null;

  let body;
  if (cards.isPending) body = <PageLoader label="Loading your card" />;
  else if (cards.isError && !cards.data) {
    body = <LoadError message={cards.error.message} onRetry={cards.refetch} />;
  } else if (card) {
    body = (
      <SavedCardView
        card={card}
        onDeleted={() => {
          setAdded(null);
          setDeleted(true);
        }}
      />
    );
  } else {
    body = (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <CardForm title={null} autoFocus={deleted} onSaved={setAdded} />
      </Paper>
    );
  }

  return (
    <>
      {body}
      <StepButtons onPrev={onPrev} onNext={card || added ? onNext : undefined} />
    </>
  );
}

function StepButtons({ onPrev, onNext }: { onPrev: () => void; onNext?: () => void }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
      <Button variant="outlined" onClick={onPrev}>
        Prev
      </Button>
      {onNext && (
        <Button variant="contained" onClick={onNext}>
          Next
        </Button>
      )}
    </Stack>
  );
}
