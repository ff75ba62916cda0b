import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql, type SQL } from 'drizzle-orm';
import {
  ADDITIONAL_STATUSES,
  isActiveRequest,
  isChatEnabled,
  isForemanChatEnabled,
  isMoveOver,
  isOpenForBids,
  isWithCrew,
  jobStageOf,
  MARKETPLACE_REQUEST_TYPE,
  needsCrew,
  REQUEST_STATUSES,
  TIMELINE_STATUSES,
} from '@movehub/shared';
import { requests } from '../src/db/schema';
import {
  activeRequestSql,
  chatEnabledSql,
  foremanChatEnabledSql,
  guardView,
  jobStageSql,
  moveOverSql,
  needsCrewSql,
  openForBidsSql,
  withCrewSql,
  type RequestRow,
} from '../src/domain/request/lifecycle';
import { buildTestApp, type TestContext } from './helper';

/*
 * The SQL twins of the shared lifecycle guards (the transition table is the only place that
 * compares statuses; its SQL twins are built from its sets) select exactly the rows their guard
 * accepts. This tests the predicates, not a journey: it inserts one request row per combination
 * of the status columns directly (every timeline status, request_status and kind of request),
 * which no sequence of calls could reach, and asks each twin which of them it selects.
 */

const DIRECT_REQUEST_TYPE = 1;

let ctx: TestContext;
let rows: RequestRow[];

beforeAll(async () => {
  ctx = await buildTestApp();
  const values = TIMELINE_STATUSES.flatMap((timelineStatus) =>
    REQUEST_STATUSES.flatMap((requestStatus) =>
      [MARKETPLACE_REQUEST_TYPE, DIRECT_REQUEST_TYPE].map((requestType) => ({
        timelineStatus,
        requestStatus,
        requestType,
        moveDate: '2030-01-15',
        publicAccessLink: `status-sql-${timelineStatus}-${requestStatus}-${requestType}`,
      })),
    ),
  );
  rows = await ctx.database.db.insert(requests).values(values).returning();
});
afterAll(() => ctx.close());

/** The ids of the probe rows the twin selects. */
async function selected(twin: SQL): Promise<number[]> {
  const found = await ctx.database.db
    .select({ id: requests.id })
    .from(requests)
    .where(
      sql`${inArray(
        requests.id,
        rows.map((r) => r.id),
      )} and ${twin}`,
    );
  return found.map((r) => r.id).sort((a, b) => a - b);
}

const accepted = (guard: (row: RequestRow) => boolean) =>
  rows
    .filter(guard)
    .map((r) => r.id)
    .sort((a, b) => a - b);

describe('the SQL twins of the lifecycle guards', () => {
  const twins: [string, SQL, (row: RequestRow) => boolean][] = [
    [
      'activeRequestSql / isActiveRequest',
      activeRequestSql(requests.requestStatus),
      (r) => isActiveRequest(r.requestStatus),
    ],
    [
      'chatEnabledSql / isChatEnabled',
      chatEnabledSql(requests.timelineStatus),
      (r) => isChatEnabled(r.timelineStatus),
    ],
    [
      'foremanChatEnabledSql / isForemanChatEnabled',
      foremanChatEnabledSql(requests.timelineStatus),
      (r) => isForemanChatEnabled(r.timelineStatus),
    ],
    ['openForBidsSql / isOpenForBids', openForBidsSql(), (r) => isOpenForBids(guardView(r))],
    ['needsCrewSql / needsCrew', needsCrewSql(), (r) => needsCrew(guardView(r))],
    [
      'withCrewSql / isWithCrew',
      withCrewSql(requests.timelineStatus),
      (r) => isWithCrew(r.timelineStatus),
    ],
    [
      'moveOverSql / isMoveOver',
      moveOverSql(requests.timelineStatus),
      (r) => isMoveOver(r.timelineStatus),
    ],
  ];

  it.each(twins)('%s select the same requests', async (_name, twin, guard) => {
    const expected = accepted(guard);
    expect(expected.length).toBeGreaterThan(0);
    expect(await selected(twin)).toEqual(expected);
  });

  it("jobStageSql names every request's stage as jobStageOf does", async () => {
    const found = await ctx.database.db
      .select({ id: requests.id, stage: jobStageSql() })
      .from(requests)
      .where(
        inArray(
          requests.id,
          rows.map((r) => r.id),
        ),
      );
    const stageOf = new Map(found.map((r) => [r.id, r.stage]));
    for (const row of rows) {
      expect(stageOf.get(row.id), JSON.stringify(guardView(row))).toBe(jobStageOf(guardView(row)));
    }
  });
});

describe("the database's CHECKs, built from the same sets", () => {
  const insert = (set: Partial<typeof requests.$inferInsert>, link: string) =>
    ctx.database.db
      .insert(requests)
      .values({ moveDate: '2030-01-15', publicAccessLink: `status-sql-${link}`, ...set });

  it('take every status the lifecycle defines and refuse any other', async () => {
    for (const additionalStatus of ADDITIONAL_STATUSES) {
      await insert({ additionalStatus }, `additional-${additionalStatus}`);
    }
    await expect(insert({ timelineStatus: 9 }, 'timeline-9')).rejects.toThrow();
    await expect(insert({ requestStatus: 3 }, 'request-3')).rejects.toThrow();
    await expect(insert({ additionalStatus: 2 }, 'additional-2')).rejects.toThrow();
  });
});
