import { Navigate, useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { Review } from '@movehub/shared';
import { formatDate } from '../../lib/format-date';
import { useDocumentTitle } from '../../lib/use-document-title';
import { RATING_DISPLAY_PRECISION } from './company-card';
import { InitialAvatar } from './initial-avatar';
import {
  companiesListPath,
  reviewProfileStateSchema,
  type ReviewProfileState,
} from './review-profile-state';

const ratingLabel = (value: number) => `Rated ${value.toFixed(1)} out of 5`;

/**
 * /dashboard/review-profile (spec/request-lifecycle.md §2): a bidding company's About and Reviews
 * panels, from the navigation state the companies list hands over. Without it (a reload, a typed
 * address) the screen has nothing to show: spec §8 "Missing navigation state on review-profile
 * redirects to My Requests".
 */
export function ReviewProfilePage() {
  useDocumentTitle('Company Profile');
  const parsed = reviewProfileStateSchema.safeParse(useLocation().state);
  if (!parsed.success) return <Navigate to="/dashboard/my-requests" replace />;
  return <ReviewProfile profile={parsed.data} />;
}

function ReviewProfile({ profile }: { profile: ReviewProfileState }) {
  const navigate = useNavigate();
  const company = profile.comapny_profile;
  const about = company.about_company?.trim();
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <Button
        startIcon={<ArrowBackIcon aria-hidden />}
        onClick={() => void navigate(companiesListPath(profile.request_id))}
        sx={{ mb: 1 }}
      >
        Back
      </Button>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Company Profile
      </Typography>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Card
          component="section"
          variant="outlined"
          aria-labelledby="company-about-heading"
          sx={{ width: { xs: '100%', md: 320 }, flexShrink: 0 }}
        >
          <CardContent>
            <Typography id="company-about-heading" variant="h6" component="h2" gutterBottom>
              About
            </Typography>
            <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
              <InitialAvatar name={company.name} picture={company.profile_picture} size={96} />
              <Typography variant="h5" component="p">
                {company.name}
              </Typography>
              <Typography color="text.secondary">
                {profile.truck_count} {profile.truck_count === 1 ? 'truck' : 'trucks'}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Rating
                  value={profile.company_rating}
                  precision={RATING_DISPLAY_PRECISION}
                  readOnly
                  getLabelText={ratingLabel}
                />
                <Typography aria-hidden>{profile.company_rating.toFixed(1)}</Typography>
              </Stack>
            </Stack>
            <Divider sx={{ my: 2 }} />
            <Typography sx={{ whiteSpace: 'pre-line' }}>{about || 'N/A'}</Typography>
          </CardContent>
        </Card>

        <Card
          component="section"
          variant="outlined"
          aria-labelledby="company-reviews-heading"
          sx={{ flexGrow: 1, width: '100%' }}
        >
          <CardContent>
            <Typography id="company-reviews-heading" variant="h6" component="h2" gutterBottom>
              Reviews ({profile.review_count})
            </Typography>
            {profile.review_list.length === 0 ? (
              <Typography color="text.secondary">No reviews yet.</Typography>
            ) : (
              <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
                {profile.review_list.map((review, index) => (
                  <ReviewEntry key={index} review={review} />
                ))}
              </Stack>
            )}
            {profile.review_count > profile.review_list.length && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                The {profile.review_list.length} newest reviews are shown.
              </Typography>
            )}
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}

function ReviewEntry({ review }: { review: Review }) {
  const { customer_profile: reviewer, review_array: body } = review;
  const name = `${reviewer.first_name} ${reviewer.last_name}`.trim();
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        display: 'flex',
        gap: 2,
        pb: 2,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0, pb: 0 },
      }}
    >
      <InitialAvatar name={reviewer.first_name} picture={reviewer.profile_picture} size={40} />
      <Box sx={{ minWidth: 0 }}>
        <Typography component="p" sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Rating
            value={body.company_rating}
            precision={RATING_DISPLAY_PRECISION}
            readOnly
            size="small"
            getLabelText={ratingLabel}
          />
          <Typography variant="body2" color="text.secondary" component="span">
            {formatDate(body.created_at)}
          </Typography>
        </Stack>
        {body.company_comment && (
          <Typography sx={{ mt: 0.5, whiteSpace: 'pre-line' }}>{body.company_comment}</Typography>
        )}
      </Box>
    </Box>
  );
}
