import type { UseQueryResult } from '@tanstack/react-query';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SavedCard } from '@movehub/shared';
import { LoadError } from '../../ui/load-error';
import { PageLoader } from '../../ui/page-loader';
import { SavedCardLine } from './card-brand';

/**
 * The saved cards a payment will be taken from (spec §2 Payment, and a change's payment): loading,
 * a failure with Try again, the cards, or that there is none. The screen's query, so that it can
 * also act on the answer (no card: the banner that offers to add one).
 */
export function SavedCardList({ cards }: { cards: UseQueryResult<SavedCard[]> }) {
  if (cards.isPending) return <PageLoader label="Loading your card" />;
  if (cards.isError && !cards.data) {
    return <LoadError message={cards.error.message} onRetry={cards.refetch} />;
  }
  if (cards.data.length === 0)
    return <Typography color="text.secondary">No saved card.</Typography>;
  return (
    <Stack spacing={1.5}>
      {cards.data.map((card) => (
        <SavedCardLine key={card.id} card={card} />
      ))}
    </Stack>
  );
}
