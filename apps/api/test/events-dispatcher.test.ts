import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { domainEvents } from '../src/db/schema';
import { MAX_ATTEMPTS } from '../src/platform/events/dispatcher';
import { writeEvents } from '../src/platform/events/events';
import { buildTestApp, type TestContext } from './helper';

/*
 * The outbox's dispatcher (docs/decisions/033): a subscriber that fails holds back neither the
 * other subscribers of its event nor the other events of its batch. What the others wrote commits
 * with the event; the failed subscriber alone is tried again later, until MAX_ATTEMPTS.
 */

let ctx: TestContext;
/** Events on which the flaky subscriber throws. */
const refuse = new Set<number>();
/** What the subscribers' afterCommit saw, by subscriber. */
const afterCommit: Record<string, number[]> = { steady: [], flaky: [] };

beforeAll(async () => {
  ctx = await buildTestApp();
  await ctx.database.db.execute(
    sql`create table dispatch_probe (subscriber text not null, event_id bigint not null)`,
  );
  for (const name of ['steady', 'flaky'] as const) {
    ctx.app.events.subscribe({
      name,
      async handle(tx, event) {
        await tx.execute(sql`insert into dispatch_probe values (${name}, ${event.id})`);
        if (name === 'flaky' && refuse.has(event.id)) throw new Error(`refused ${event.id}`);
      },
      async afterCommit(events) {
        afterCommit[name]!.push(...events.map((e) => e.id));
      },
    });
  }
});
afterAll(() => ctx.close());
beforeEach(() => {
  refuse.clear();
  afterCommit.steady = [];
  afterCommit.flaky = [];
});

async function newEvents(n: number): Promise<number[]> {
  return ctx.database.db.transaction((tx) =>
    writeEvents(
      tx,
      Array.from({ length: n }, () => ({
        type: 'company.foreman_joined' as const,
        requestId: null,
      })),
    ),
  );
}

async function probe(ids: readonly number[]) {
  const result = await ctx.database.db.execute(
    sql`select subscriber, event_id::int as "eventId" from dispatch_probe
        where event_id in (${sql.join([...ids], sql`, `)}) order by event_id, subscriber`,
  );
  return (result as unknown as { rows: { subscriber: string; eventId: number }[] }).rows;
}

const rowsOf = (ids: readonly number[]) =>
  ctx.database.db
    .select()
    .from(domainEvents)
    .where(inArray(domainEvents.id, [...ids]))
    .orderBy(domainEvents.id);

/** The back-off has passed: the event may be tried again. */
const due = (id: number) =>
  ctx.database.db
    .update(domainEvents)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(domainEvents.id, id));

describe('the event dispatcher', () => {
  it('commits what the other subscribers wrote and tries the failed one again, alone', async () => {
    const [id] = await newEvents(1);
    refuse.add(id!);
    await ctx.app.events.dispatch([id!]);

    expect(await probe([id!])).toEqual([{ subscriber: 'steady', eventId: id }]);
    const [waiting] = await rowsOf([id!]);
    expect(waiting).toMatchObject({
      dispatchedAt: null,
      retrySubscribers: ['flaky'],
      attempts: 1,
    });
    expect(waiting!.lastError).toContain(`flaky: refused ${id}`);
    expect(waiting!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    expect(afterCommit).toEqual({ steady: [id], flaky: [] });

    // Not before its back-off.
    await ctx.app.events.dispatch([id!]);
    expect(await probe([id!])).toHaveLength(1);

    refuse.delete(id!);
    await due(id!);
    await ctx.app.events.dispatch([id!]);
    expect(await probe([id!])).toEqual([
      { subscriber: 'flaky', eventId: id },
      { subscriber: 'steady', eventId: id },
    ]);
    const [done] = await rowsOf([id!]);
    expect(done!.dispatchedAt).not.toBeNull();
    expect(done!.attempts).toBe(2);
    expect(afterCommit).toEqual({ steady: [id], flaky: [id] });
  });

  it('lets the other events of a batch through whole', async () => {
    const ids = await newEvents(3);
    refuse.add(ids[1]!);
    await ctx.app.events.dispatch(ids);

    expect(await probe(ids)).toEqual([
      { subscriber: 'flaky', eventId: ids[0] },
      { subscriber: 'steady', eventId: ids[0] },
      { subscriber: 'steady', eventId: ids[1] },
      { subscriber: 'flaky', eventId: ids[2] },
      { subscriber: 'steady', eventId: ids[2] },
    ]);
    const rows = await rowsOf(ids);
    expect(rows.map((r) => r.dispatchedAt !== null)).toEqual([true, false, true]);
    expect(rows[1]!.retrySubscribers).toEqual(['flaky']);
  });

  it('gives up on a subscriber after MAX_ATTEMPTS tries, keeping its error', async () => {
    const [id] = await newEvents(1);
    refuse.add(id!);
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await due(id!);
      await ctx.app.events.dispatch([id!]);
    }
    const [row] = await rowsOf([id!]);
    expect(row!.attempts).toBe(MAX_ATTEMPTS);
    expect(row!.dispatchedAt).not.toBeNull();
    expect(row!.lastError).toContain('flaky: refused');
    // The steady subscriber ran once, on the first try.
    expect((await probe([id!])).filter((p) => p.subscriber === 'steady')).toHaveLength(1);
    await due(id!);
    await ctx.app.events.dispatch([id!]);
    expect(await rowsOf([id!])).toMatchObject([{ attempts: MAX_ATTEMPTS }]);
  });
});
