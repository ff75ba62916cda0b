import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DIRECT_FUNNEL_STEPS, WIZARD_STEP_NAMES, type LinkFunnel as Funnel } from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/format-date';
import { LoadError } from '../../ui/load-error';
import { directLinkAnalyticsQueryOptions } from './link-analytics-api';

export const NO_VISITS_MESSAGE = 'Nobody has opened this link in these days.';

/** The funnel's rows: the visits, each step a direct link's customer passes, the requests sent. */
export function funnelRows(funnel: Funnel): { label: string; count: number }[] {
  return [
    { label: 'Visits', count: funnel.visits },
    ...DIRECT_FUNNEL_STEPS.map((step) => ({
      label: WIZARD_STEP_NAMES[step] ?? `Step ${step}`,
      count: funnel.steps.find((entry) => entry.step === step)?.count ?? 0,
    })),
    { label: 'Request sent', count: funnel.sent },
  ];
}

const share = (count: number, visits: number) =>
  visits > 0 ? Math.min(100, Math.round((count / visits) * 100)) : 0;

/**
 * One direct link's visits over the last days (decision 043; ours, beyond the spec): how many
 * opened it, how many reached each step of the wizard and how many sent their request, each
 * with its share of the visits as a bar and as a number. Counts come from visitors who accepted
 * the cookie notice; the requests the link brought are all in its list below.
 */
export function LinkFunnel({ linkId }: { linkId: number }) {
  const headingId = useId();
  const query = useQuery(directLinkAnalyticsQueryOptions());
  if (query.isPending) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Loading visits…
      </Typography>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        message={errorMessage(query.error)}
        onRetry={() => query.refetch()}
        sx={{ mt: 2 }}
      />
    );
  }
  const { data } = query.data;
  const funnel = data.links.find((link) => link.link_id === linkId);
  const title = `Visits ${formatDate(data.from)} – ${formatDate(data.to)}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {!funnel || funnel.visits + funnel.sent === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {NO_VISITS_MESSAGE}
        </Typography>
      ) : (
        <Box component="ol" aria-label={title} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {funnelRows(funnel).map(({ label, count }) => {
            const percent = share(count, funnel.visits);
            return (
              <Box
                component="li"
                key={label}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr auto', sm: '12rem 1fr 5rem' },
                  columnGap: 1.5,
                  alignItems: 'center',
                  py: 0.5,
                }}
              >
                <Typography variant="body2">{label}</Typography>
                <Box
                  aria-hidden
                  sx={{
                    gridRow: { xs: 2, sm: 'auto' },
                    gridColumn: { xs: '1 / -1', sm: 'auto' },
                    height: 8,
                    borderRadius: 1,
                    bgcolor: 'action.hover',
                  }}
                >
                  <Box
                    sx={{
                      width: `${percent}%`,
                      height: 1,
                      borderRadius: 1,
                      bgcolor: 'primary.main',
                    }}
                  />
                </Box>
                <Typography variant="body2" sx={{ textAlign: 'right', fontWeight: 600 }}>
                  {label === 'Visits' ? count : `${count} (${percent}%)`}
                </Typography>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
