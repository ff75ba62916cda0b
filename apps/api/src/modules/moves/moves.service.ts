import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isDirectRequest, toSpecDate, UserType, type LifecycleAction } from '@movehub/shared';
import type { Db, Tx } from '../../db/client';
import {
  companyForemen,
  companyProfiles,
  companyTrucks,
  requestTrucks,
  users,
} from '../../db/schema';
import { AppError } from '../../errors';
import {
  assertCanMove,
  lockRequest,
  moveRequest,
  REQUEST_NOT_FOUND,
  type Actor,
  type RequestRow,
} from '../../domain/request/lifecycle';
import { notify } from '../notifications/notifications.service';
import { notifyCustomer } from '../customer-messages/customer-messages.service';

/*
 * Move day, the partner's side (spec §4 "Bid and payment flow"): the company that won
 * a paid request assigns a foreman and trucks (3 → 4), the foreman (or the company) starts the
 * move (4 → 5) and marks it complete (5 → 6). Each step locks the request, moves it through the
 * lifecycle service and tells the customer, in one transaction. The demo simulator plays these
 * same functions for the demo companies.
 */

export const MOVE_TEXT = {
  foremanNotYours: 'foreman_id is not a foreman of your company.',
  truckNotYours: 'truck_ids must name active trucks of your company.',
  // spec §4: a direct request signs its confirmation letter after payment, then the move proceeds.
  letterNotSigned:
    'The customer has not signed the confirmation letter of this request yet; the move cannot be assigned before.',
  assigned: (company: string, foreman: string, trucks: string, requestId: number) =>
    `${company} assigned ${foreman} (${trucks}) to your move #${requestId}. Your truck is ready to move.`,
  assignedForeman: (requestId: number, date: string) =>
    `You are the foreman of move #${requestId} on ${date}.`,
  started: (company: string, requestId: number) =>
    `${company} started your move #${requestId}. You can track the truck now.`,
  completed: (company: string, requestId: number) =>
    `${company} marked your move #${requestId} complete. Please confirm the move and release the money.`,
} as const;

/** Who calls a move-day step: the company itself or one of its foremen. */
export interface CrewMember {
  id: number;
  userType: number;
}

/** The lifecycle actor of a crew member. */
export function crewActor(user: CrewMember): Actor {
  return { type: user.userType === UserType.foreman ? 'foreman' : 'company', userId: user.id };
}

/** A company's display name: its profile's, else its account holder's. */
export async function companyName(db: Db | Tx, companyId: number): Promise<string> {
  const [row] = await db
    .select({
      name: sql<string>`coalesce(${companyProfiles.name}, ${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(users)
    .leftJoin(companyProfiles, eq(companyProfiles.userId, users.id))
    .where(eq(users.id, companyId))
    .limit(1);
  return row?.name ?? 'Your moving company';
}

/**
 * Locks a request a crew member may move: the company that won it, or the foreman assigned to
 * it. Anything else (unknown, another company's, another foreman's) reads as not found.
 */
async function lockCrewRequest(tx: Tx, requestId: number, user: CrewMember): Promise<RequestRow> {
  const request = await lockRequest(tx, requestId);
  const mine =
    request !== null &&
    (user.userType === UserType.foreman
      ? request.foremanId === user.id
      : request.companyId === user.id);
  if (!request || !mine) throw AppError.notFound(REQUEST_NOT_FOUND);
  return request;
}

export interface AssignedMove {
  request: RequestRow;
  foreman: { id: number; firstName: string; lastName: string };
  trucks: { id: number; name: string }[];
}

/**
 * The company assigns one of its foremen and some of its active trucks to a request it won and
 * that is paid (3 → 4). 404 for a request that is not the company's; 409 at another status, or
 * for a direct request whose confirmation letter is not signed yet (additional_status 0); 422
 * for a foreman or truck that is not the company's.
 */
export async function assignMove(opts: {
  db: Db;
  companyId: number;
  requestId: number;
  foremanId: number;
  truckIds: number[];
}): Promise<AssignedMove> {
  const actor: Actor = { type: 'company', userId: opts.companyId };
  return opts.db.transaction(async (tx) => {
    const request = await lockCrewRequest(tx, opts.requestId, {
      id: opts.companyId,
      userType: UserType.company,
    });
    assertCanMove(request, 'assign', actor);
    if (isDirectRequest({ request_type: request.requestType }) && request.additionalStatus !== 1) {
      throw AppError.conflict(MOVE_TEXT.letterNotSigned);
    }
    // His company_foremen row is held (FOR SHARE) until the assignment commits: a removal
    // (FOR UPDATE on the same row) either waits and then sees this job, or went first and the
    // row is gone, which reads as a foreman who is not the company's.
    const [foreman] = await tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(companyForemen)
      .innerJoin(users, eq(users.id, companyForemen.userId))
      .where(
        and(
          eq(companyForemen.userId, opts.foremanId),
          eq(companyForemen.companyId, opts.companyId),
          eq(users.userType, UserType.foreman),
        ),
      )
      .limit(1)
      .for('share', { of: companyForemen });
    if (!foreman) throw AppError.unprocessable(MOVE_TEXT.foremanNotYours);
    const trucks = await tx
      .select({ id: companyTrucks.id, name: companyTrucks.name })
      .from(companyTrucks)
      .where(
        and(
          inArray(companyTrucks.id, opts.truckIds),
          eq(companyTrucks.companyId, opts.companyId),
          eq(companyTrucks.isActive, true),
        ),
      )
      .orderBy(asc(companyTrucks.id));
    if (trucks.length !== new Set(opts.truckIds).size) {
      throw AppError.unprocessable(MOVE_TEXT.truckNotYours);
    }
    const moved = await moveRequest(tx, {
      request,
      action: 'assign',
      actor,
      set: { foremanId: foreman.id },
    });
    await tx.delete(requestTrucks).where(eq(requestTrucks.requestId, request.id));
    await tx
      .insert(requestTrucks)
      .values(trucks.map((t) => ({ requestId: request.id, truckId: t.id })));
    const company = await companyName(tx, opts.companyId);
    const foremanName = `${foreman.firstName} ${foreman.lastName}`.trim();
    if (request.customerId !== null) {
      await notifyCustomer({
        db: tx,
        userId: request.customerId,
        requestId: request.id,
        event: 'assignment',
        message: MOVE_TEXT.assigned(
          company,
          foremanName,
          trucks.map((t) => t.name).join(', '),
          request.id,
        ),
      });
    }
    await notify({
      db: tx,
      userId: foreman.id,
      requestId: request.id,
      message: MOVE_TEXT.assignedForeman(request.id, toSpecDate(request.moveDate)),
    });
    return { request: moved, foreman, trucks };
  });
}

/** A step of move day by the company or the assigned foreman, the customer told in the same transaction. */
async function crewStep(opts: {
  db: Db;
  user: CrewMember;
  requestId: number;
  action: Extract<LifecycleAction, 'startMove' | 'completeMove'>;
  message: (company: string, requestId: number) => string;
}): Promise<RequestRow> {
  return opts.db.transaction(async (tx) => {
    const request = await lockCrewRequest(tx, opts.requestId, opts.user);
    const moved = await moveRequest(tx, {
      request,
      action: opts.action,
      actor: crewActor(opts.user),
    });
    if (request.customerId !== null && request.companyId !== null) {
      await notifyCustomer({
        db: tx,
        userId: request.customerId,
        requestId: request.id,
        event: opts.action === 'startMove' ? 'move_start' : 'completion',
        message: opts.message(await companyName(tx, request.companyId), request.id),
      });
    }
    return moved;
  });
}

/** The move starts (4 → 5): the foreman assigned to it, or its company. */
export function startMove(opts: { db: Db; user: CrewMember; requestId: number }) {
  return crewStep({ ...opts, action: 'startMove', message: MOVE_TEXT.started });
}

/** The move is done on the company's side (5 → 6): the customer is asked to confirm it. */
export function completeMove(opts: { db: Db; user: CrewMember; requestId: number }) {
  return crewStep({ ...opts, action: 'completeMove', message: MOVE_TEXT.completed });
}
