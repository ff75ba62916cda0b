import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TimelineStatus } from '@movehub/shared';
import { companyForemen, requests, users } from '../src/db/schema';
import { MOVE_TEXT } from '../src/domain/request/move-day';
import { buildTestApp, type TestContext } from './helper';
import { moveFixtures } from './moves-helpers';

/*
 * Removing a foreman while the company assigns him (company-profile remove_foreman against
 * moves assign_move). Both hold his company_foremen row, so exactly one of them wins: either the
 * job is assigned and the removal is refused because he has an unfinished job (409), or he is
 * removed and the assignment answers as for a foreman who is not the company's (422). Never a
 * server error, and never a job left in the hands of a removed foreman. A foreman whose finished
 * jobs still name him keeps his company_foremen row, marked removed (those jobs reference it).
 * The race is real on PostgreSQL (TEST_DATABASE_URL); on PGlite the calls run one after the other
 * and the same outcomes hold.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ IP_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => ctx.close());

const f = moveFixtures(() => ctx);
const ROUNDS = 20;

/** One company's foreman, assigned and removed at the same moment; the outcome of both calls. */
async function race(withHistory: boolean) {
  const company = await f.company();
  const customer = await f.customer();
  const foreman = company.foremen[0]!;
  if (withHistory) {
    // A finished job that names him: removal keeps his account (without the company).
    await f.paidRequest({
      customerId: customer.user.id,
      companyId: company.user.id,
      status: TimelineStatus.completed,
      overrides: { foremanId: foreman.user.id },
    });
  }
  const request = await f.paidRequest({ customerId: customer.user.id, companyId: company.user.id });
  const [assigned, removed] = await Promise.all([
    f.call('/api/company/assign_move', company.token, {
      request_id: request.id,
      foreman_id: foreman.user.id,
      truck_ids: [company.trucks[0]!.id],
    }),
    f.call('/api/company/remove_foreman', company.token, { foreman_id: foreman.user.id }),
  ]);
  const [row] = await f.db().select().from(requests).where(eq(requests.id, request.id));
  const [link] = await f
    .db()
    .select()
    .from(companyForemen)
    .where(eq(companyForemen.userId, foreman.user.id));
  const [account] = await f.db().select().from(users).where(eq(users.id, foreman.user.id));
  const stillHis = link?.companyId === company.user.id && link.removedAt === null;
  return { assigned, removed, row: row!, stillHis, link, account };
}

describe('removing a foreman while he is being assigned', () => {
  for (const withHistory of [false, true]) {
    it(`lets exactly one of the two win, never a 500 nor a job of a removed foreman (${
      withHistory ? 'he has finished jobs' : 'his first job'
    })`, async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const { assigned, removed, row, stillHis, link, account } = await race(withHistory);
        const label = `round ${round}: assign ${assigned.statusCode} ${assigned.body} / remove ${removed.statusCode} ${removed.body}`;
        expect(assigned.statusCode, label).not.toBeGreaterThanOrEqual(500);
        expect(removed.statusCode, label).not.toBeGreaterThanOrEqual(500);
        if (assigned.statusCode === 200) {
          // He got the job first: the removal saw it and refused.
          expect(removed.statusCode, label).toBe(409);
          expect(row.foremanId, label).toBe(assigned.json().data.get_foreman_of_company.id);
          expect(row.timelineStatus, label).toBe(TimelineStatus.truckAssigned);
          expect(stillHis, label).toBe(true);
        } else {
          // He was removed first: the assignment found no such foreman of the company.
          expect(removed.statusCode, label).toBe(200);
          expect(assigned.statusCode, label).toBe(422);
          expect(assigned.json(), label).toEqual({
            code: 422,
            message: MOVE_TEXT.foremanNotYours,
          });
          expect(row.foremanId, label).toBeNull();
          expect(row.timelineStatus, label).toBe(TimelineStatus.paid);
          expect(stillHis, label).toBe(false);
          // His account goes, unless finished jobs still name him: then it stays, and his row
          // stays marked removed.
          expect(Boolean(account), label).toBe(withHistory);
          expect(Boolean(link?.removedAt), label).toBe(withHistory);
        }
      }
    }, 120_000);
  }
});
