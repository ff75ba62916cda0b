import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  isDirectRequest,
  isLetterSigned,
  isReadyToMove,
  moveStartRefusalAt,
  moveStartRefusalText,
  toSpecDate,
  UserType,
  type LifecycleAction,
} from '@movehub/shared';
import { companyForemen, companyTrucks, requestTrucks, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Notice } from '../../platform/events/events';
import type { Domain } from '../context';
import { runRequestCommand, type CommandContext } from './command';
import { assertCanMove, type Actor, type RequestRow } from './lifecycle';
import { companyName } from './names';

/*
 * Move day, the partner's side (spec §4 "Bid and payment flow"): the company that won a paid
 * request assigns a foreman and trucks (3 → 4), and may change them until the move starts; the
 * foreman (or the company) starts the move (4 → 5) inside its move-day window (decision 042) and
 * marks it complete (5 → 6). Each step is one request command (docs/decisions/033) and the
 * customer is told, by email and SMS too, after its commit. The demo simulator plays these same
 * commands for the demo companies.
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
  crewChanged: (company: string, foreman: string, trucks: string, requestId: number) =>
    `${company} changed the crew of your move #${requestId}: ${foreman} (${trucks}).`,
  unassignedForeman: (requestId: number) => `You are no longer the foreman of move #${requestId}.`,
  /** The timeline entry of a crew changed before the move started. */
  crewChangedTitle: 'Crew changed',
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

/**
 * A request a crew member may move: the company that won it, or the foreman assigned to it.
 * Anything else (another company's, another foreman's) reads as not found.
 */
const crewOf = (user: CrewMember) => (request: RequestRow) =>
  user.userType === UserType.foreman
    ? request.foremanId === user.id
    : request.companyId === user.id;

export interface AssignedMove {
  request: RequestRow;
  foreman: { id: number; firstName: string; lastName: string };
  trucks: { id: number; name: string }[];
}

/**
 * The company assigns one of its foremen and some of its active trucks to a request it won and
 * that is paid (3 → 4), or changes them while the move has not started (at 4: the status stays,
 * a 'Crew changed' timeline entry is written, the customer and both foremen are told). 404 for a
 * request that is not the company's; 409 once the move has started, or for a direct request whose
 * confirmation letter is not signed yet (additional_status 0); 422 before payment, and for a
 * foreman or truck that is not the company's (a removed foreman is not).
 */
export async function assignMove(opts: {
  domain: Domain;
  companyId: number;
  requestId: number;
  foremanId: number;
  truckIds: number[];
}): Promise<AssignedMove> {
  const company = { id: opts.companyId, userType: UserType.company };
  const { value } = await runRequestCommand(opts.domain, {
    requestId: opts.requestId,
    actor: crewActor(company),
    authorize: crewOf(company),
    run: async (ctx) => {
      const { tx, request } = ctx;
      // Before the start the crew may change: the request stays assigned (4).
      const changing = isReadyToMove(request.timelineStatus);
      if (!changing) assertCanMove(request, 'assign', ctx.actor);
      if (
        isDirectRequest({ request_type: request.requestType }) &&
        !isLetterSigned(request.additionalStatus)
      ) {
        throw AppError.conflict(MOVE_TEXT.letterNotSigned);
      }
      // His company_foremen row is held (FOR SHARE) until the assignment commits: a removal
      // (FOR UPDATE on the same row) either waits and then sees this job, or went first and the
      // row is gone or marked removed, which reads as a foreman who is not the company's.
      const [foreman] = await tx
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(companyForemen)
        .innerJoin(users, eq(users.id, companyForemen.userId))
        .where(
          and(
            eq(companyForemen.userId, opts.foremanId),
            eq(companyForemen.companyId, opts.companyId),
            isNull(companyForemen.removedAt),
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
      const previousForemanId = request.foremanId;
      let moved: RequestRow;
      if (changing) {
        moved = await ctx.update({ foremanId: foreman.id });
        await ctx.timeline(MOVE_TEXT.crewChangedTitle);
      } else {
        moved = await ctx.move('assign', { set: { foremanId: foreman.id } });
      }
      await tx.delete(requestTrucks).where(eq(requestTrucks.requestId, request.id));
      await tx
        .insert(requestTrucks)
        .values(trucks.map((t) => ({ requestId: request.id, truckId: t.id })));
      const notices: Notice[] = [];
      if (request.customerId !== null) {
        const crew = [
          await companyName(tx, opts.companyId),
          `${foreman.firstName} ${foreman.lastName}`.trim(),
          trucks.map((t) => t.name).join(', '),
          request.id,
        ] as const;
        notices.push({
          userId: request.customerId,
          message: changing ? MOVE_TEXT.crewChanged(...crew) : MOVE_TEXT.assigned(...crew),
          customer: { event: 'assignment' },
        });
      }
      if (!changing || previousForemanId !== foreman.id) {
        notices.push({
          userId: foreman.id,
          message: MOVE_TEXT.assignedForeman(request.id, toSpecDate(request.moveDate)),
        });
      }
      if (changing && previousForemanId !== null && previousForemanId !== foreman.id) {
        notices.push({
          userId: previousForemanId,
          message: MOVE_TEXT.unassignedForeman(request.id),
        });
      }
      ctx.emit({ type: changing ? 'request.crew_changed' : 'request.assigned', notices });
      return { request: moved, foreman, trucks };
    },
  });
  return value;
}

const CREW_STEPS = {
  startMove: { type: 'request.started', event: 'move_start', message: MOVE_TEXT.started },
  completeMove: { type: 'request.completed', event: 'completion', message: MOVE_TEXT.completed },
} as const satisfies Partial<Record<LifecycleAction, unknown>>;

/**
 * decision 042: a move starts from the day before its date to a few days after it, on the service
 * area's clock; 422 otherwise, with the window in words. Checked after the status (a request
 * already started or cancelled answers its 409 first, as every other call on it does).
 */
function assertInMoveDayWindow(ctx: CommandContext, timeZone: string): void {
  const { request } = ctx;
  assertCanMove(request, 'startMove', ctx.actor);
  const refusal = moveStartRefusalAt(request.moveDate, ctx.now, timeZone);
  if (refusal) throw AppError.unprocessable(moveStartRefusalText(refusal, request.moveDate));
}

/** A step of move day by the company or the assigned foreman; the customer is told. */
async function crewStep(opts: {
  domain: Domain;
  user: CrewMember;
  requestId: number;
  action: keyof typeof CREW_STEPS;
}): Promise<RequestRow> {
  const step = CREW_STEPS[opts.action];
  const { value } = await runRequestCommand(opts.domain, {
    requestId: opts.requestId,
    actor: crewActor(opts.user),
    authorize: crewOf(opts.user),
    run: async (ctx) => {
      const { request } = ctx;
      if (opts.action === 'startMove') assertInMoveDayWindow(ctx, opts.domain.timeZone);
      const moved = await ctx.move(opts.action);
      const notices: Notice[] = [];
      if (request.customerId !== null && request.companyId !== null) {
        notices.push({
          userId: request.customerId,
          message: step.message(await companyName(ctx.tx, request.companyId), request.id),
          customer: { event: step.event },
        });
      }
      ctx.emit({ type: step.type, notices });
      return moved;
    },
  });
  return value;
}

/** The move starts (4 → 5): the foreman assigned to it, or its company. */
export function startMove(opts: { domain: Domain; user: CrewMember; requestId: number }) {
  return crewStep({ ...opts, action: 'startMove' });
}

/** The move is done on the company's side (5 → 6): the customer is asked to confirm it. */
export function completeMove(opts: { domain: Domain; user: CrewMember; requestId: number }) {
  return crewStep({ ...opts, action: 'completeMove' });
}
