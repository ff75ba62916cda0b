import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, getTableColumns, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  AddressType,
  isActiveRequest,
  isMoveUpcoming,
  moveWindowStart,
  parseTimeOfDay,
  payloadWindow,
  zonedInstant,
} from '@movehub/shared';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import {
  customerMessages,
  requestAddresses,
  requests,
  users,
  verificationCodes,
} from '../../db/schema';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { MailAttachment, Mailer } from '../../adapters/mail/mailer';
import type { SmsSender } from '../../adapters/sms/sms-sender';
import { buildCalendar } from '../../lib/ics';
import { notify } from '../notifications/notifications.service';
import { companyNameSql } from '../../domain/request/names';
import type { CustomerEvent } from '../../platform/events/events';

/*
 * Lifecycle messages to customers (docs/decisions/017): the ONE place
 * where a change of a request tells its customer in-app, by email and, to a verified phone, by
 * SMS. notifyCustomer runs in the transaction of the change: it writes the in-app notification
 * and a customer_messages row (the transactional outbox). After the commit a job renders and
 * sends the email and the SMS and marks the row sent; so a change that rolls back sends nothing,
 * no mail is sent while a request's row is locked, and a restart loses nothing (a recurring job
 * sweeps what is pending). The payment email carries the calendar invite, the cancel email the
 * cancelled invite, and the day before the move a reminder goes out through the job queue.
 */

export type { CustomerEvent };

/** The job that sends pending messages (after each change, and every minute as a safety net). */
export const DELIVER_JOB = 'customer-messages.deliver';
/** The job that sends the day-before reminder of one move. */
export const REMINDER_JOB = 'customer-messages.reminder';
/** A message that failed this many times is left for an operator (logged at each failure). */
export const MAX_ATTEMPTS = 5;
/** The reminder goes out this long before the move window starts… */
export const REMINDER_LEAD_HOURS = 24;
/** …unless the customer paid less than this before the window: the payment email just said it. */
export const REMINDER_MIN_NOTICE_HOURS = 12;

const HOUR_MS = 3_600_000;

export interface ReminderJob {
  requestId: number;
  /** The window start (ISO) the reminder was planned for: a moved window makes it stale. */
  windowStart: string;
}

/**
 * Queues the email and SMS of a customer's lifecycle event (the transactional outbox of
 * messages): in the caller's transaction, so a change that rolls back sends nothing. `calendar`
 * attaches an invite: the move as it is now ('request'), or its cancel, only when an invite was
 * sent before; `sequence` is the invite's SEQUENCE as the command left it. One message per
 * `dedupeKey`: a second one writes nothing and answers false.
 */
export async function queueCustomerMessage(opts: {
  db: Tx;
  userId: number;
  requestId: number;
  event: CustomerEvent;
  message: string;
  calendar?: { method: 'request' | 'cancel'; sequence: number };
  dedupeKey?: string;
}): Promise<boolean> {
  const { db } = opts;
  let calendar = opts.calendar ?? null;
  if (calendar?.method === 'cancel' && !(await invited(db, opts.requestId))) calendar = null;
  const inserted = await db
    .insert(customerMessages)
    .values({
      userId: opts.userId,
      requestId: opts.requestId,
      event: opts.event,
      message: opts.message,
      calendar: calendar?.method ?? null,
      calendarSequence: calendar?.sequence ?? null,
      dedupeKey: opts.dedupeKey ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: customerMessages.id });
  return inserted.length > 0;
}

/**
 * A message that is not a request's event (the day-before reminder, a job): the in-app
 * notification and the queued email and SMS together, once per dedupe key.
 */
export async function notifyCustomer(opts: {
  db: Tx;
  userId: number;
  requestId: number;
  event: CustomerEvent;
  message: string;
  dedupeKey?: string;
}): Promise<boolean> {
  if (!(await queueCustomerMessage(opts))) return false;
  await notify({
    db: opts.db,
    userId: opts.userId,
    requestId: opts.requestId,
    message: opts.message,
  });
  return true;
}

/** Whether the customer was sent an invite for this request (the payment's, or an update). */
async function invited(db: Tx, requestId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: customerMessages.id })
    .from(customerMessages)
    .where(and(eq(customerMessages.requestId, requestId), eq(customerMessages.calendar, 'request')))
    .limit(1);
  return Boolean(row);
}

// ---------------------------------------------------------------------------------------------
// The move as calendars and messages show it

export interface MoveFacts {
  requestId: number;
  customerId: number | null;
  timelineStatus: number;
  requestStatus: number;
  sequence: number;
  moveDate: string;
  start: Date;
  end: Date;
  pickup: string | null;
  company: string | null;
}

/** The move window: from its start to its end (an hour when only a start is known). */
export function moveWindow(
  request: Pick<typeof requests.$inferSelect, 'moveDate' | 'windowFrom' | 'windowTo' | 'moveTime'>,
  timeZone: string,
): { start: Date; end: Date } {
  const start = moveWindowStart({
    moveDate: request.moveDate,
    windowFrom: request.windowFrom,
    moveTime: request.moveTime,
    timeZone,
  });
  const window = payloadWindow({
    start_window_from: request.windowFrom,
    start_window_to: request.windowTo,
    s_time: request.moveTime,
  });
  const toMinutes = window ? parseTimeOfDay(window.to) : null;
  let end = toMinutes !== null ? zonedInstant(request.moveDate, toMinutes, timeZone) : null;
  if (end && end.getTime() <= start.getTime()) end = new Date(end.getTime() + 24 * HOUR_MS);
  return { start, end: end ?? new Date(start.getTime() + HOUR_MS) };
}

/** The move as messages and calendars show it: the request, its pick-up and company, in one read. */
export async function moveFacts(
  db: Db | Tx,
  requestId: number,
  timeZone: string,
): Promise<MoveFacts | null> {
  const [request] = await db
    .select({
      id: requests.id,
      customerId: requests.customerId,
      timelineStatus: requests.timelineStatus,
      requestStatus: requests.requestStatus,
      calendarSequence: requests.calendarSequence,
      moveDate: requests.moveDate,
      windowFrom: requests.windowFrom,
      windowTo: requests.windowTo,
      moveTime: requests.moveTime,
      pickup: sql<string | null>`(select ${requestAddresses.completeAddress}
        from ${requestAddresses}
        where ${requestAddresses.requestId} = ${requests.id}
          and ${requestAddresses.addressType} = ${AddressType.pickUp}
        order by ${requestAddresses.position} limit 1)`,
      company: sql<string | null>`case when ${requests.companyId} is null then null
        else ${companyNameSql(requests.companyId)} end`,
    })
    .from(requests)
    .where(eq(requests.id, requestId));
  if (!request) return null;
  return {
    requestId: request.id,
    customerId: request.customerId,
    timelineStatus: request.timelineStatus,
    requestStatus: request.requestStatus,
    sequence: request.calendarSequence,
    moveDate: request.moveDate,
    ...moveWindow(request, timeZone),
    pickup: request.pickup ?? null,
    company: request.company ?? null,
  };
}

/** The address of the request's page in the web app (the email's link). */
export function requestLink(config: Pick<Config, 'publicUrl'>, requestId: number): string {
  return `${config.publicUrl}/dashboard/my-requests/${requestId}`;
}

/** The move's calendar invite, as sent by email and downloaded from the request detail. */
export function moveCalendar(opts: {
  facts: MoveFacts;
  config: Pick<Config, 'publicUrl' | 'mail'>;
  method: 'REQUEST' | 'CANCEL';
  sequence: number;
  stamp: Date;
}): string {
  const { facts, config } = opts;
  const host = new URL(config.publicUrl).hostname || 'movehub';
  return buildCalendar({
    uid: `request-${facts.requestId}@${host}`,
    sequence: opts.sequence,
    method: opts.method,
    stamp: opts.stamp,
    start: facts.start,
    end: facts.end,
    summary: facts.company
      ? `Move #${facts.requestId} with ${facts.company}`
      : `Move #${facts.requestId}`,
    location: facts.pickup,
    description: `Your move request #${facts.requestId}: ${requestLink(config, facts.requestId)}`,
    url: requestLink(config, facts.requestId),
    organizerEmail: emailAddressOf(config.mail.from),
    organizerName: 'MoveHub',
  });
}

/** 'MoveHub <no-reply@x>' → 'no-reply@x'. */
function emailAddressOf(from: string): string | null {
  const match = /<([^>]+)>/.exec(from);
  const address = (match?.[1] ?? from).trim();
  return address.includes('@') ? address : null;
}

/** The move window as an email says it, in the service area's time zone. */
export function describeWindow(facts: Pick<MoveFacts, 'start' | 'end'>, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(facts.start);
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  return `${day}, ${time.format(facts.start)} - ${time.format(facts.end)}`;
}

const SUBJECTS: Record<CustomerEvent, (id: number) => string> = {
  payment: (id) => `Payment received for request #${id}`,
  assignment: (id) => `Your crew is assigned for request #${id}`,
  move_start: (id) => `Your move has started (request #${id})`,
  completion: (id) => `Please confirm your move (request #${id})`,
  release: (id) => `Payment released for request #${id}`,
  cancelled: (id) => `Request #${id} is cancelled`,
  rescheduled: (id) => `Your move is rescheduled (request #${id})`,
  change_proposed: (id) => `Your mover proposes a change to request #${id}`,
  reminder: (id) => `Reminder: your move is tomorrow (request #${id})`,
};

export const REMINDER_TEXT = (requestId: number, when: string) =>
  `Reminder: your move (request #${requestId}) is tomorrow, ${when}.`;

interface Rendered {
  subject: string;
  text: string;
  sms: string;
  attachments: MailAttachment[];
}

/** The email and SMS of one message. */
export function renderMessage(opts: {
  row: Pick<
    typeof customerMessages.$inferSelect,
    'event' | 'message' | 'calendar' | 'calendarSequence' | 'requestId' | 'createdAt'
  >;
  facts: MoveFacts;
  config: Pick<Config, 'publicUrl' | 'mail' | 'serviceTimeZone'>;
}): Rendered {
  const { row, facts, config } = opts;
  const event = row.event as CustomerEvent;
  const link = requestLink(config, row.requestId);
  const lines = [
    row.message,
    '',
    `Request #${row.requestId}`,
    `Move window: ${describeWindow(facts, config.serviceTimeZone)}`,
    ...(facts.pickup ? [`Pick-up: ${facts.pickup}`] : []),
    ...(facts.company ? [`Company: ${facts.company}`] : []),
    '',
    `See your request: ${link}`,
  ];
  const attachments: MailAttachment[] = [];
  if (row.calendar) {
    const method = row.calendar === 'cancel' ? 'CANCEL' : 'REQUEST';
    attachments.push({
      filename: `move-${row.requestId}.ics`,
      contentType: `text/calendar; method=${method}; charset=UTF-8`,
      content: moveCalendar({
        facts,
        config,
        method,
        sequence: row.calendarSequence ?? facts.sequence,
        stamp: row.createdAt,
      }),
    });
    lines.push(
      '',
      method === 'CANCEL'
        ? 'The attached invite removes the move from your calendar.'
        : 'Add the attached invite to your calendar.',
    );
  }
  const subject = (SUBJECTS[event] ?? ((id: number) => `Request #${id}`))(row.requestId);
  return {
    subject,
    text: lines.join('\n'),
    sms: `MoveHub: ${row.message} ${link}`,
    attachments,
  };
}

// ---------------------------------------------------------------------------------------------
// Delivery (jobs)

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  jobs: JobQueue;
  config: Config;
  log: FastifyBaseLogger;
}

/** The customer's verified phone (stored on the account and proved by a code), as a column. */
const verifiedPhoneSql = sql<string | null>`(select ${users.phone} from ${users}
  where ${users.id} = ${customerMessages.userId}
    and ${users.phone} is not null
    and exists (select 1 from ${verificationCodes} where ${verificationCodes.channel} = 'sms'
      and ${verificationCodes.target} = ${users.phone}
      and ${verificationCodes.verifiedAt} is not null))`;

/**
 * Sends every pending message, one transaction each: the row is locked (SKIP LOCKED: two
 * workers never send the same one), rendered, handed to the mailer and the SMS sender, and
 * marked sent. The outbox adapters write in that transaction, so in the embedded mode a message
 * is sent exactly once; with SMTP a crash between the send and the commit sends it again (at
 * least once). A failure counts an attempt and leaves the row for the next sweep. Answers how
 * many were sent.
 */
export async function deliverPendingMessages(deps: DeliveryDeps): Promise<number> {
  let sent = 0;
  const failed = new Set<number>();
  for (;;) {
    let reminderOf: MoveFacts | null = null;
    let current: number | null = null;
    try {
      const outcome = await deps.db.transaction(async (tx) => {
        // Claimed and marked sent in one statement, with the customer's address and verified
        // phone: the mark commits with the send, or is rolled back with it.
        const [row] = await tx
          .update(customerMessages)
          .set({ sentAt: sql`now()`, attempts: sql`${customerMessages.attempts} + 1` })
          .where(
            inArray(
              customerMessages.id,
              tx
                .select({ id: customerMessages.id })
                .from(customerMessages)
                .where(
                  and(
                    isNull(customerMessages.sentAt),
                    lt(customerMessages.attempts, MAX_ATTEMPTS),
                    failed.size > 0
                      ? sql`${customerMessages.id} not in (${sql.join(
                          [...failed].map((id) => sql`${id}`),
                          sql`, `,
                        )})`
                      : undefined,
                  ),
                )
                .orderBy(asc(customerMessages.id))
                .limit(1)
                .for('update', { skipLocked: true }),
            ),
          )
          .returning({
            ...getTableColumns(customerMessages),
            email: sql<
              string | null
            >`(select ${users.email} from ${users} where ${users.id} = ${customerMessages.userId})`,
            phone: verifiedPhoneSql,
          });
        if (!row) return 'none' as const;
        current = row.id;
        const facts = await moveFacts(tx, row.requestId, deps.config.serviceTimeZone);
        if (row.email !== null && facts) {
          const rendered = renderMessage({ row, facts, config: deps.config });
          await deps.mailer.send(
            {
              to: row.email,
              subject: rendered.subject,
              text: rendered.text,
              ...(rendered.attachments.length ? { attachments: rendered.attachments } : {}),
            },
            { db: tx },
          );
          if (row.phone) await deps.sms.send({ to: row.phone, text: rendered.sms }, { db: tx });
        }
        if (row.calendar === 'request' && facts) reminderOf = facts;
        return 'sent' as const;
      });
      if (outcome === 'none') break;
      sent += 1;
    } catch (err) {
      if (current === null) throw err;
      failed.add(current);
      deps.log.error({ err, customerMessage: current }, 'customer message not sent');
      await deps.db
        .update(customerMessages)
        .set({ attempts: sql`${customerMessages.attempts} + 1` })
        .where(eq(customerMessages.id, current));
      continue;
    }
    // Planned from the facts the message was rendered with: no second read. (Set in the
    // transaction's callback, which TypeScript does not follow.)
    const planned = reminderOf as MoveFacts | null;
    if (planned) await scheduleReminder(deps, planned.requestId, new Date(), planned);
  }
  return sent;
}

/**
 * Plans the day-before reminder of a paid move (after the payment's or a rescheduling's email):
 * a job that starts REMINDER_LEAD_HOURS before the window. Nothing when the window is less than
 * REMINDER_MIN_NOTICE_HOURS away. A job planned for an old window finds it moved and does nothing.
 */
export async function scheduleReminder(
  deps: Pick<DeliveryDeps, 'db' | 'jobs' | 'config'>,
  requestId: number,
  now = new Date(),
  /** The move as the caller just read it (the delivery that rendered its message). */
  known?: MoveFacts,
): Promise<Date | null> {
  const facts = known ?? (await moveFacts(deps.db, requestId, deps.config.serviceTimeZone));
  if (!facts) return null;
  const lead = facts.start.getTime() - now.getTime();
  if (lead < REMINDER_MIN_NOTICE_HOURS * HOUR_MS) return null;
  const at = new Date(
    Math.max(now.getTime(), facts.start.getTime() - REMINDER_LEAD_HOURS * HOUR_MS),
  );
  const job: ReminderJob = { requestId, windowStart: facts.start.toISOString() };
  await deps.jobs.send(REMINDER_JOB, job, { startAfter: at });
  return at;
}

/**
 * The reminder job: skipped when the request was cancelled, is no longer ahead, or its window
 * moved since the job was planned; written once per request and window (dedupe key), so a
 * retried or doubled job reminds once. The email and SMS go out by the delivery that follows.
 */
export async function remind(
  deps: Pick<DeliveryDeps, 'db' | 'config'>,
  job: ReminderJob,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const facts = await moveFacts(tx, job.requestId, deps.config.serviceTimeZone);
    if (!facts || facts.customerId === null) return false;
    if (!isActiveRequest(facts.requestStatus)) return false;
    if (!isMoveUpcoming(facts.timelineStatus)) return false;
    if (facts.start.toISOString() !== job.windowStart) return false;
    return notifyCustomer({
      db: tx,
      userId: facts.customerId,
      requestId: facts.requestId,
      event: 'reminder',
      message: REMINDER_TEXT(facts.requestId, describeWindow(facts, deps.config.serviceTimeZone)),
      dedupeKey: `reminder:${facts.requestId}:${job.windowStart}`,
    });
  });
}

/**
 * After a commit that may have queued messages: ask for a delivery now. A failure to ask only
 * delays the messages until the next sweep (every minute), so it is logged, not thrown.
 */
export async function kickDelivery(app: {
  jobs: JobQueue;
  log: FastifyBaseLogger;
  config: Pick<Config, 'jobWorkers'>;
}): Promise<void> {
  if (!app.config.jobWorkers) return;
  try {
    await app.jobs.send(DELIVER_JOB, {});
  } catch (err) {
    app.log.warn({ err }, 'customer message delivery not queued');
  }
}
