import { and, desc, eq, lt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, type PageRequest, type TimelineEntry } from '@movehub/shared';
import type { Tx } from '../../db/client';
import { requests, requestTimeline } from '../../db/schema';
import { AppError } from '../../errors';
import { apiRoute } from '../../lib/api-route';
import { pageReadLimit } from '../../lib/paging';
import { authOf, customerOnly } from '../../plugins/auth';
import { REQUEST_NOT_FOUND } from '../../domain/request/lifecycle';
import { TIMELINE_PAGE_SIZE, timelinePage } from '../../domain/request/read-model';

/*
 * The older pages of a request's timeline (the detail embeds the newest, with
 * request_timeline_next_before_id). Read as the detail is: the customer's own request only.
 */

/**
 * A page of the customer's request's timeline: entries older than before_id (the newest without
 * it), oldest first within the page. 404 for a request that is not the customer's.
 */
export async function listTimelinePage(opts: {
  db: Tx;
  customerId: number;
  requestId: number;
  page: PageRequest;
}): Promise<{ entries: TimelineEntry[]; next_before_id: number | null }> {
  const { db, page } = opts;
  const [own] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.id, opts.requestId), eq(requests.customerId, opts.customerId)));
  if (!own) throw AppError.notFound(REQUEST_NOT_FOUND);
  // request_timeline_request_idx (request_id, id): the page reads its own rows only.
  const rows = await db
    .select({
      id: requestTimeline.id,
      activityTitle: requestTimeline.activityTitle,
      activityDatetime: requestTimeline.activityDatetime,
    })
    .from(requestTimeline)
    .where(
      and(
        eq(requestTimeline.requestId, opts.requestId),
        page.before_id === undefined ? undefined : lt(requestTimeline.id, page.before_id),
      ),
    )
    .orderBy(desc(requestTimeline.id))
    .limit(pageReadLimit(page, TIMELINE_PAGE_SIZE));
  return timelinePage(rows, page);
}

export const requestTimelineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute('POST /api/customer/request_timeline', {
      tags: ['requests'],
      summary:
        "A page of one of the customer's requests' timeline: the newest entries, or those older than before_id; oldest first within the page",
      failures: [401, 403, 404],
    }),
    config: customerOnly,
    handler: async (request) => {
      const { request_id, limit, before_id } = request.body;
      const { entries, next_before_id } = await listTimelinePage({
        db: app.db,
        customerId: authOf(request).user.id,
        requestId: request_id,
        page: { limit, before_id },
      });
      return { code: 200, message: MSG.ok, data: entries, next_before_id };
    },
  });
};
