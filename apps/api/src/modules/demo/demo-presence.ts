import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companyForemen, requests, users } from '../../db/schema';

/*
 * The demo simulator leaves alone a demo company that a person is playing (one person
 * plays both sides in two windows). A person plays a company while a socket of the company or of
 * one of its foremen is connected, in any API process: an open console holds one. Signing in
 * without a console open (a curl session) does not count, and a console closed mid-move hands
 * the next steps back to the simulator only for jobs queued after it closed.
 */

/** True when a socket of the company, or of one of its foremen, is connected now. */
export async function companyPlayedByPerson(
  app: FastifyInstance,
  companyId: number,
): Promise<boolean> {
  const rows = await app.db
    .select({ roomId: users.roomId })
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
  const online = await app.realtime.onlineRooms(rows.map((r) => r.roomId));
  return online.size > 0;
}

/** True when the company a request belongs to (the winner, or the direct request's) is played by a person. */
export async function requestPlayedByPerson(
  app: FastifyInstance,
  requestId: number,
): Promise<boolean> {
  const [row] = await app.db
    .select({ companyId: requests.companyId })
    .from(requests)
    .where(eq(requests.id, requestId))
    .limit(1);
  return row?.companyId != null && (await companyPlayedByPerson(app, row.companyId));
}
