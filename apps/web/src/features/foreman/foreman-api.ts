import { queryOptions } from '@tanstack/react-query';
import { callPartnerApi } from '../../lib/partner-api';
import { PARTNER_QUERY_ROOT } from '../../lib/partner-query';

/*
 * The foreman's calls, with the partner session (decision 022): his jobs, a
 * job's detail, move day's two steps and the truck's position.
 */

export const foremanKeys = {
  all: [...PARTNER_QUERY_ROOT, 'foreman'] as const,
  jobs: () => [...foremanKeys.all, 'jobs'] as const,
  job: (requestId: number) => [...foremanKeys.all, 'job', requestId] as const,
  /** His conversation with the customer of a job (lib/chat/partner-chat). */
  chat: (requestId: number) => [...foremanKeys.all, 'chat', requestId] as const,
};

/** POST /api/foreman/jobs: today's, upcoming and recently finished jobs. */
export function getForemanJobs(signal?: AbortSignal) {
  return callPartnerApi('POST /api/foreman/jobs', {
    // The screen shows the failure with Try again.
    suppressToast: true,
    signal,
  });
}

export const foremanJobsQueryOptions = () =>
  queryOptions({
    queryKey: foremanKeys.jobs(),
    queryFn: ({ signal }) => getForemanJobs(signal),
  });

/** POST /api/foreman/job_detail. */
export function getForemanJob(requestId: number, signal?: AbortSignal) {
  return callPartnerApi('POST /api/foreman/job_detail', {
    body: { request_id: requestId },
    suppressToast: true,
    signal,
  });
}

export const foremanJobQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: foremanKeys.job(requestId),
    queryFn: ({ signal }) => getForemanJob(requestId, signal),
  });

/** POST /api/foreman/start_move: 4 → 5. */
export function startMove(requestId: number) {
  return callPartnerApi('POST /api/foreman/start_move', {
    body: { request_id: requestId },
  });
}

/** POST /api/company/complete_move (the assigned foreman may call it): 5 → 6. */
export function completeMove(requestId: number) {
  return callPartnerApi('POST /api/company/complete_move', {
    body: { request_id: requestId },
  });
}

/**
 * POST /api/foreman/post_location: one point of the truck, with recorded_at when it waited in
 * the offline queue. Runs in the background every few seconds: never a toast.
 */
export function postLocation(point: {
  request_id: number;
  latitude: number;
  longitude: number;
  recorded_at?: string | undefined;
}) {
  return callPartnerApi('POST /api/foreman/post_location', {
    body: point,
    suppressToast: true,
  });
}
