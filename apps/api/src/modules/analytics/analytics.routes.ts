import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorCode, LINK_ANALYTICS_DAYS, MSG } from '@movehub/shared';
import { AppError } from '../../errors';
import { apiRoute } from '../../lib/api-route';
import { authOf, companyOnly } from '../../plugins/auth';
import { linkFunnels, quotaKeyOf, recordPageEvent } from './analytics.service';

/** An event is a few dozen bytes: anything much larger is not one the web app sends. */
const EVENT_BODY_LIMIT_BYTES = 1024;

/** The browser asks not to be tracked: Global Privacy Control, or the older Do Not Track. */
const optedOut = (headers: Record<string, string | string[] | undefined>) =>
  headers['sec-gpc'] === '1' || headers.dnt === '1';

/*
 * Page-view analytics (decision 043): the browser's page views and wizard steps, sent without a
 * token once the visitor accepted the cookie notice, and a company's direct links' visits in its
 * console.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute('POST /app_api/analytics_event', {
      tags: ['analytics'],
      summary:
        'Counts one page view or wizard step of the customer portal (no token); `recorded` false for a page outside the portal, a browser that asks not to be tracked (Sec-GPC, DNT) or an address past its quota a minute',
      failures: [400],
    }),
    bodyLimit: EVENT_BODY_LIMIT_BYTES,
    handler: async (request) => {
      const ignored = { code: 200, message: MSG.ok, recorded: false };
      if (optedOut(request.headers)) return ignored;
      try {
        await app.businessLimits.consume('analyticsEvent', quotaKeyOf(request.ip));
      } catch (err) {
        // Past the quota the event is dropped without an error: the browser sends and forgets.
        if (err instanceof AppError && err.code === ErrorCode.tooManyRequests) return ignored;
        throw err;
      }
      const { name, path, step } = request.body;
      const recorded = await recordPageEvent({
        db: app.db,
        analytics: app.analytics,
        name,
        path,
        step,
        userAgent: request.headers['user-agent'],
      });
      return { code: 200, message: MSG.ok, recorded };
    },
  });

  app.route({
    ...apiRoute('POST /api/company/direct_link_analytics', {
      tags: ['partner'],
      summary:
        "Each of the company's direct links with its visits, how many reached each wizard step and how many sent the request, over the last days (7 unless asked, at most 90)",
      failures: [401, 403],
    }),
    config: companyOnly,
    handler: async (request) => {
      const days = request.body.days ?? LINK_ANALYTICS_DAYS;
      const funnels = await linkFunnels({
        db: app.db,
        companyId: authOf(request).user.id,
        days,
        timeZone: app.config.serviceTimeZone,
      });
      return { code: 200, message: MSG.ok, data: { ...funnels, days } };
    },
  });
};
