import { and, eq, gt, inArray, isNull, max, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { UserType } from '@movehub/shared';
import { companyForemen, consoleDepartures, requests, users } from '../../db/schema';

/*
 * The demo simulator leaves alone a demo company that a person is playing (one person
 * plays both sides in two windows). A person plays a company while a socket of the company or of
 * one of its foremen is connected, in any API process: an open console holds one. Signing in
 * without a console open (a curl session) does not count.
 *
 * A console that reloads drops its socket for a moment (issue 31: a reload 0.3 s after an accepted
 * change let the simulator assign the crew). So a company stays played for a grace period after
 * its last socket drops: a step due in that time waits for the grace to end and asks again, and
 * the simulator takes it only when nobody came back. The departures are stored (console_departures),
 * so that every API process sees them.
 */

/** Where a person stands with a company: playing it, just gone (maybe reloading), or not there. */
export type Presence = { kind: 'here' } | { kind: 'away'; until: Date } | { kind: 'gone' };

/** The company's account and its foremen's: their sockets are its consoles. */
async function consoleAccounts(app: FastifyInstance, companyId: number) {
  return app.db
    .select({ id: users.id, roomId: users.roomId })
    .from(users)
    .where(
      or(
        eq(users.id, companyId),
        inArray(
          users.id,
          app.db
            .select({ id: companyForemen.userId })
            .from(companyForemen)
            .where(and(eq(companyForemen.companyId, companyId), isNull(companyForemen.removedAt))),
        ),
      ),
    );
}

/** Whether a person plays the company now, or left its console less than the grace ago. */
export async function companyPresence(app: FastifyInstance, companyId: number): Promise<Presence> {
  const accounts = await consoleAccounts(app, companyId);
  const online = await app.realtime.onlineRooms(accounts.map((a) => a.roomId));
  if (online.size > 0) return { kind: 'here' };
  const graceMs = app.config.demoSimulator.graceMs;
  if (graceMs <= 0 || accounts.length === 0) return { kind: 'gone' };
  const graceSeconds = graceMs / 1000;
  // On the database's clock, which wrote the departures.
  const [row] = await app.db
    .select({
      until:
        sql<Date | null>`${max(consoleDepartures.leftAt)} + make_interval(secs => ${graceSeconds})`.mapWith(
          consoleDepartures.leftAt,
        ),
    })
    .from(consoleDepartures)
    .where(
      and(
        inArray(
          consoleDepartures.userId,
          accounts.map((a) => a.id),
        ),
        gt(consoleDepartures.leftAt, sql`now() - make_interval(secs => ${graceSeconds})`),
      ),
    );
  return row?.until ? { kind: 'away', until: row.until } : { kind: 'gone' };
}

/** The presence at the company a request belongs to (the winner, or the direct request's). */
export async function requestPresence(app: FastifyInstance, requestId: number): Promise<Presence> {
  const [row] = await app.db
    .select({ companyId: requests.companyId })
    .from(requests)
    .where(eq(requests.id, requestId))
    .limit(1);
  return row?.companyId != null ? companyPresence(app, row.companyId) : { kind: 'gone' };
}

/** A demo job as it was sent, to send again once a grace period is over. */
export interface DemoJobAgain {
  name: string;
  data: object;
  singletonKey: string;
}

/**
 * A demo job's first question. True when the simulator must leave the step alone now: a person
 * plays the company (the step is theirs), or its console dropped its socket within the grace, in
 * which case the job is queued again for when the grace ends, to ask once more then.
 */
export async function yieldsToPerson(
  app: FastifyInstance,
  presence: Presence,
  again: DemoJobAgain,
): Promise<boolean> {
  if (presence.kind === 'gone') return false;
  if (presence.kind === 'away') {
    await app.jobs.send(again.name, again.data, {
      startAfter: presence.until,
      singletonKey: again.singletonKey,
    });
  }
  return true;
}

/**
 * Records each departure of a company's or a foreman's socket (when the simulator is on): the
 * last time one of its sockets dropped is when its grace period starts. Registered once the
 * socket server exists.
 */
export function watchConsoleDepartures(app: FastifyInstance): void {
  app.realtime.io.on('connection', (socket) => {
    const { userId, userType } = socket.data;
    if (userType !== UserType.company && userType !== UserType.foreman) return;
    socket.once('disconnect', (reason) => {
      // The server closing, or ending a session that signed out, is no reload.
      if (reason.startsWith('server')) return;
      app.db
        .insert(consoleDepartures)
        .values({ userId, leftAt: sql`now()` })
        .onConflictDoUpdate({ target: consoleDepartures.userId, set: { leftAt: sql`now()` } })
        .catch((err: unknown) => {
          // The simulator may then step in a moment early; nothing else depends on it.
          app.log.warn({ err, userId }, 'demo simulator could not record a console departure');
        });
    });
  });
}
