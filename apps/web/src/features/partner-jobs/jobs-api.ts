import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { type JobStage } from '@movehub/shared';
import { callPartnerApi } from '../../lib/partner-api';
import { PARTNER_QUERY_ROOT } from '../../lib/partner-query';

/*
 * The company's jobs, read with the partner session (decision
 * 022). Pages go back by id, newest first, as the API does.
 */

/** Jobs asked per page. */
export const JOBS_PAGE_SIZE = 20;

export const jobKeys = {
  all: [...PARTNER_QUERY_ROOT, 'jobs'] as const,
  stage: (stage: JobStage | undefined) => [...jobKeys.all, stage ?? 'all'] as const,
};

/** POST /api/company/jobs: one page of a stage (of every stage without one). */
export function getJobs(
  stage: JobStage | undefined,
  beforeId: number | undefined,
  signal?: AbortSignal,
) {
  return callPartnerApi('POST /api/company/jobs', {
    body: {
      ...(stage ? { stage } : {}),
      limit: JOBS_PAGE_SIZE,
      ...(beforeId === undefined ? {} : { before_id: beforeId }),
    },
    signal,
  });
}

export const jobsQueryOptions = (stage: JobStage | undefined) =>
  infiniteQueryOptions({
    queryKey: jobKeys.stage(stage),
    queryFn: ({ pageParam, signal }) => getJobs(stage, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    // The answer names the next page (null at the end): no extra call for an empty page.
    getNextPageParam: (last) => last.next_before_id ?? undefined,
    // The tabs keep their counts while another stage loads.
    placeholderData: keepPreviousData,
  });
