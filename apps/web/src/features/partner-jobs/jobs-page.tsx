import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { JOB_STAGE_LABELS, JOB_STAGES, type JobCounts, type JobStage } from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LoadError } from '../../ui/load-error';
import { LoadMore } from '../../ui/load-more';
import { PageLoader } from '../../ui/page-loader';
import { JobCard } from './job-card';
import { jobsQueryOptions } from './jobs-api';

export const NO_JOBS_MESSAGE =
  'No jobs yet. A bid the customer accepts and a request through your direct link appear here.';
export const NO_STAGE_JOBS_MESSAGE = 'No jobs at this stage.';

/** The tabs: every job, then each stage in the lifecycle's order. */
const ALL = 'all';
type TabValue = JobStage | typeof ALL;
const isStage = (value: string | null): value is JobStage =>
  JOB_STAGES.some((stage) => stage === value);

const tabId = (value: TabValue) => `jobs-tab-${value}`;
const PANEL_ID = 'jobs-panel';

const total = (counts: JobCounts) => JOB_STAGES.reduce((sum, stage) => sum + counts[stage], 0);

/**
 * /partner/jobs: the company's won bids and direct requests, one
 * stage at a time (or all), with each stage's count, newest first, page by page. The stage is in
 * the URL (?stage=paid), so a reload or a shared link opens the same tab.
 */
export function JobsPage() {
  useDocumentTitle('My jobs');
  const [params, setParams] = useSearchParams();
  const requested = params.get('stage');
  const stage = isStage(requested) ? requested : undefined;
  const tab: TabValue = stage ?? ALL;
  const query = useInfiniteQuery(jobsQueryOptions(stage));

  const select = (next: TabValue) => {
    setParams(next === ALL ? {} : { stage: next }, { replace: true });
  };

  const counts = query.data?.pages[0]?.data.counts;
  const label = (value: TabValue) => {
    const name = value === ALL ? 'All' : JOB_STAGE_LABELS[value];
    if (!counts) return name;
    return `${name} (${value === ALL ? total(counts) : counts[value]})`;
  };
  // While another stage loads, the previous stage's list is only a placeholder: show the loader.
  const loading = query.isPending || query.isPlaceholderData;
  const jobs = query.data?.pages.flatMap((page) => page.data.items) ?? [];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        My jobs
      </Typography>

      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: TabValue) => select(value)}
          aria-label="Job stage"
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
        >
          {[ALL, ...JOB_STAGES].map((value) => (
            <Tab
              key={value}
              value={value}
              id={tabId(value as TabValue)}
              aria-controls={PANEL_ID}
              label={label(value as TabValue)}
            />
          ))}
        </Tabs>
      </Box>

      <Box role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(tab)}>
        {loading ? (
          <PageLoader label="Loading jobs" />
        ) : query.isError && !query.isFetchNextPageError ? (
          <LoadError message={errorMessage(query.error)} onRetry={() => query.refetch()} />
        ) : jobs.length === 0 ? (
          <Alert severity="info">{stage ? NO_STAGE_JOBS_MESSAGE : NO_JOBS_MESSAGE}</Alert>
        ) : (
          <>
            <Stack spacing={2} component="section" aria-label="Jobs">
              {jobs.map((job) => (
                <JobCard key={job.id} job={job} />
              ))}
            </Stack>
            <LoadMore query={query} errorMessage="The older jobs could not be loaded." />
          </>
        )}
      </Box>
    </Box>
  );
}
