import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ForemanJob } from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LoadError } from '../../ui/load-error';
import { PageLoader } from '../../ui/page-loader';
import { foremanJobsQueryOptions } from './foreman-api';
import { ForemanJobCard } from './foreman-job-card';

export const NO_FOREMAN_JOBS_MESSAGE =
  'No jobs are assigned to you yet. Your company assigns you to its moves; they appear here.';
export const EMPTY_SECTION_TEXT = {
  today: 'No move today.',
  upcoming: 'No upcoming moves.',
} as const;

function JobSection({
  id,
  title,
  jobs,
  empty,
}: {
  id: string;
  title: string;
  jobs: ForemanJob[];
  empty?: string;
}) {
  if (jobs.length === 0 && !empty) return null;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 3 }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
        {jobs.length > 0 ? ` (${jobs.length})` : ''}
      </Typography>
      {jobs.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Stack spacing={1.5}>
          {jobs.map((job) => (
            <ForemanJobCard key={job.id} job={job} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/**
 * /partner/foreman: the foreman's jobs on his phone. Today's first (the move
 * in progress, then those due today or overdue), then upcoming ones, then those finished lately.
 */
export function ForemanJobsPage() {
  useDocumentTitle('My jobs');
  const query = useQuery(foremanJobsQueryOptions());
  const data = query.data?.data;
  const none = data && data.today.length + data.upcoming.length + data.recent.length === 0;

  return (
    <Box sx={{ p: 2, maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        My jobs
      </Typography>
      {query.isPending ? (
        <PageLoader label="Loading your jobs" />
      ) : query.isError ? (
        <LoadError message={errorMessage(query.error)} onRetry={() => query.refetch()} />
      ) : none ? (
        <Alert severity="info">{NO_FOREMAN_JOBS_MESSAGE}</Alert>
      ) : (
        <>
          <JobSection
            id="jobs-today"
            title="Today"
            jobs={data!.today}
            empty={EMPTY_SECTION_TEXT.today}
          />
          <JobSection
            id="jobs-upcoming"
            title="Upcoming"
            jobs={data!.upcoming}
            empty={EMPTY_SECTION_TEXT.upcoming}
          />
          <JobSection id="jobs-recent" title="Recently finished" jobs={data!.recent} />
        </>
      )}
    </Box>
  );
}
