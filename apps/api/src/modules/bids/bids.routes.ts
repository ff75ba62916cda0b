import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCents, toDollars, specDateToIso } from '@movehub/shared';
import { apiRoute } from '../../lib/api-route';
import { authOf, companyOnly, customerOnly, partnerOnly } from '../../plugins/auth';
import { acceptBid, deleteBid, placeBid, withdrawBid } from '../../domain/request/bids';
import { pageOf, pageReadLimit } from '../../lib/paging';
import {
  listBiddingCompanies,
  listOpenRequests,
  OPEN_REQUESTS_PAGE,
  partnerCompanyId,
} from './bids.service';
import { toBiddingCompany, toOpenRequest } from './bids.wire';

/*
 * Bids: the partner API of companies (tag 'partner'; they log in with /app_api/login and
 * user_type 2, decision 011) and the customer's companies list (tag 'bids', spec §7).
 */
export const bidRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute('POST /api/company/open_requests', {
      tags: ['partner'],
      summary:
        "Requests open for bids whose pick-up zip the company serves, newest first, without the customer's contact; filters by move dates, move size and miles from the company's base",
      failures: [401, 403],
    }),
    config: partnerOnly,
    handler: async (request) => {
      const companyId = await partnerCompanyId({ db: app.db, user: authOf(request).user });
      const body = request.body ?? {};
      // One row more than the page says whether an older page exists (lib/paging.ts).
      const rows = await listOpenRequests({
        db: app.db,
        companyId,
        limit: pageReadLimit(body, OPEN_REQUESTS_PAGE),
        beforeId: body.before_id,
        filters: {
          dateFrom: body.date_from ? (specDateToIso(body.date_from) ?? undefined) : undefined,
          dateTo: body.date_to ? (specDateToIso(body.date_to) ?? undefined) : undefined,
          moveTypeId: body.move_type,
          maxDistanceMiles: body.max_distance,
        },
      });
      const page = pageOf(rows, body, OPEN_REQUESTS_PAGE, (r) => r.id);
      return {
        code: 200,
        message: 'Success',
        data: page.rows.map(toOpenRequest),
        next_before_id: page.next_before_id,
      };
    },
  });

  app.route({
    ...apiRoute('POST /api/company/place_bid', {
      tags: ['partner'],
      summary:
        "Places or changes the company's bid; the first bid opens the request (0 → 1) and the customer is notified",
      failures: [400, 401, 403, 404, 409],
    }),
    config: companyOnly,
    handler: async (request) => {
      const body = request.body;
      const companyId = authOf(request).user.id;
      // Each placement or change notifies the customer: a ceiling per company and request.
      await app.businessLimits.consume('bidChange', `${companyId}:${body.request_id}`);
      const placed = await placeBid({
        domain: app.domain,
        companyId,
        requestId: body.request_id,
        bidAmountCents: toCents(body.bid_amount),
        ...(body.movers !== undefined ? { movers: body.movers } : {}),
      });
      return { code: 200, message: 'Your bid has been placed.', data: placed };
    },
  });

  app.route({
    ...apiRoute('POST /api/company/withdraw_bid', {
      tags: ['partner'],
      summary: "Withdraws the company's open bid; with no open bid left the request goes back to 0",
      failures: [401, 403, 404, 409],
    }),
    config: companyOnly,
    handler: async (request) => {
      const done = await withdrawBid({
        domain: app.domain,
        companyId: authOf(request).user.id,
        requestId: request.body.request_id,
      });
      return {
        code: 200,
        message: 'Your bid has been withdrawn.',
        data: { request_id: done.requestId, request_timeline_status: done.timelineStatus },
      };
    },
  });

  app.route({
    ...apiRoute('POST /api/customer/detail_of_bided_companies', {
      tags: ['bids'],
      summary:
        "The companies list: open bids with each company's profile, rating and newest reviews, filtered and sorted",
      failures: [401, 403, 404],
    }),
    config: customerOnly,
    handler: async (request) => {
      const body = request.body;
      const {
        request: req,
        companies,
        nextCursor,
      } = await listBiddingCompanies({
        db: app.db,
        customerId: authOf(request).user.id,
        requestId: body.request_id,
        filter: {
          on: body.filter_status,
          minCompletedMoves: body.min_completed_movies,
          maxCompletedMoves: body.max_completed_movies,
          price: body.price,
          topRated: body.top_rated,
        },
        page: { limit: body.limit, cursor: body.cursor },
      });
      return {
        code: 200,
        message: 'Success',
        data: companies.map(toBiddingCompany),
        request: {
          id: req.id,
          request_timeline_status: req.timelineStatus,
          discount: req.discount,
        },
        next_cursor: nextCursor,
      };
    },
  });

  app.route({
    ...apiRoute('POST /api/customer/delete_bid', {
      tags: ['bids'],
      summary: "Deletes a company's bid while the request is open for bids",
      failures: [401, 403, 404, 409],
    }),
    config: customerOnly,
    handler: async (request) => {
      const done = await deleteBid({
        domain: app.domain,
        customerId: authOf(request).user.id,
        requestId: request.body.request_id,
        companyId: request.body.company_id,
      });
      return {
        code: 200,
        message: 'The bid has been deleted.',
        data: { request_id: done.requestId, request_timeline_status: done.timelineStatus },
      };
    },
  });

  app.route({
    ...apiRoute('PUT /api/customer/accept_request', {
      tags: ['bids'],
      summary:
        "Accepts a company's bid at its amount (1 → 2), applying a referral discount; 409 when the bid changed or another accept won",
      failures: [401, 403, 404, 409],
    }),
    config: customerOnly,
    handler: async (request) => {
      const body = request.body;
      const done = await acceptBid({
        domain: app.domain,
        customerId: authOf(request).user.id,
        requestId: body.request_id,
        companyId: body.company_id,
        finalAmountCents: toCents(body.final_amount),
      });
      return {
        code: 200,
        message: 'The bid has been accepted.',
        data: {
          request_id: done.requestId,
          company_id: done.companyId,
          final_amount: toDollars(done.finalAmountCents),
          discount: done.discount,
          request_timeline_status: done.timelineStatus,
        },
      };
    },
  });
};
