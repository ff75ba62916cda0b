import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { formatUsd, toCents, type BiddingCompany } from '@movehub/shared';
import { InitialAvatar } from './initial-avatar';

/** spec §9: ratings are displayed with precision .1. */
export const RATING_DISPLAY_PRECISION = 0.1;

export function completedMovesText(count: number): string {
  return `${count} completed ${count === 1 ? 'move' : 'moves'}`;
}

interface CompanyCardProps {
  company: BiddingCompany;
  onOpenProfile: () => void;
  onDelete: () => void;
  onAccept: () => void;
  /** A call about a bid runs: the card's actions wait. */
  disabled?: boolean;
}

/**
 * One bidding company (spec/request-lifecycle.md §2 "Companies list": name, rating,
 * completed-moves information and bid amount, an X to delete the bid and an accept action).
 */
export function CompanyCard({
  company,
  onOpenProfile,
  onDelete,
  onAccept,
  disabled = false,
}: CompanyCardProps) {
  const headingId = `company-${company.company_id}-name`;
  const rating = company.company_rating;
  return (
    <Card component="li" variant="outlined" aria-labelledby={headingId} sx={{ listStyle: 'none' }}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <InitialAvatar name={company.name} picture={company.comapny_profile.profile_picture} />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography id={headingId} variant="h6" component="h2">
              <Link
                component="button"
                type="button"
                variant="inherit"
                underline="hover"
                onClick={onOpenProfile}
                sx={{ textAlign: 'left', verticalAlign: 'baseline' }}
              >
                {company.name}
              </Link>
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Rating
                value={rating}
                precision={RATING_DISPLAY_PRECISION}
                readOnly
                size="small"
                getLabelText={(value) => `Rated ${value.toFixed(1)} out of 5`}
              />
              <Typography variant="body2" color="text.secondary">
                {rating.toFixed(1)} ({company.review_count}{' '}
                {company.review_count === 1 ? 'review' : 'reviews'})
              </Typography>
            </Stack>
            <Typography
              variant="body2"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mt: 0.5 }}
            >
              <LocalShippingIcon aria-hidden fontSize="small" color="action" />
              {completedMovesText(company.completed_moves)}
            </Typography>
          </Box>
          <IconButton
            aria-label={`Delete the bid of ${company.name}`}
            onClick={onDelete}
            disabled={disabled}
            edge="end"
          >
            <CloseIcon />
          </IconButton>
        </Stack>
      </CardContent>
      <CardActions
        sx={{ justifyContent: 'space-between', alignItems: 'center', px: 2, pb: 2, pt: 0 }}
      >
        <Typography variant="h6" component="p">
          <Box component="span" sx={{ fontWeight: 400, fontSize: '1rem', mr: 1 }}>
            Bid:
          </Box>
          {formatUsd(toCents(company.bid.bid_amount))}
        </Typography>
        <Button
          variant="contained"
          onClick={onAccept}
          disabled={disabled}
          aria-label={`Accept the bid of ${company.name}`}
        >
          Accept
        </Button>
      </CardActions>
    </Card>
  );
}
