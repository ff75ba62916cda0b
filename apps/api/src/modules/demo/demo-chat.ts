import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ChatType, statusAfter, UserType, type ChatType as ChatTypeValue } from '@movehub/shared';
import type { Db } from '../../db/client';
import { companyForemen, requests, users } from '../../db/schema';
import { DEMO_COMPANIES } from '../../db/seed/demo';
import { AppError } from '../../errors';
import { requestPresence, yieldsToPerson } from './demo-presence';
import {
  findConversation,
  isConversationOpen,
  storeMessage,
  type ChatMessageSent,
} from '../chat/chat.service';

/*
 * The demo companies and their foremen answer a customer's chat message (docs/decisions/012,
 * 018): a short reply that fits where the move stands, a few seconds later, as a job on the
 * queue, stored and delivered like any partner's message.
 */

export const DEMO_CHAT_JOB = 'demo.chat';

export interface DemoChatJob {
  requestId: number;
  type: ChatTypeValue;
  /** The demo company or foreman who answers. */
  partnerId: number;
  /** The customer's message the reply answers (for its idempotency key). */
  customerMessageAt: number;
}

/** A reply lands this long after the customer's message (capped by DEMO_SIMULATOR_DELAY_MS). */
export const DEMO_CHAT_REPLY_MS = 2_500;

/** The company's replies by where the move stands: the status each move of the table leads to. */
const COMPANY_REPLIES: Record<number, readonly string[]> = {
  [statusAfter('pay')]: [
    'Thanks for booking with us! Your move is on our schedule; we will assign your crew and truck shortly.',
    'Got it, thank you. We have your inventory and will confirm the crew before move day.',
  ],
  [statusAfter('assign')]: [
    'Your crew and truck are assigned. Your foreman will be in touch on move day.',
    'All set on our side: the crew knows the addresses and the items. See you on move day!',
  ],
  [statusAfter('startMove')]: [
    'Your crew is on the job now. You can follow the truck on the tracking page.',
    'The move is under way. Message your foreman directly for anything on site.',
  ],
  [statusAfter('completeMove')]: [
    'We have marked your move complete. Please confirm it when you are happy with everything.',
    'Thank you for moving with us! Let us know if anything needs our attention.',
  ],
};

const FOREMAN_REPLIES: readonly string[] = [
  'Hi, this is your foreman. We are on our way and will keep you posted.',
  'Thanks! The crew is loading now; we will call you when we are close to the drop-off.',
  'Noted. We will take extra care with that.',
];

/** The reply that fits the conversation and status, varied by the customer's message time. */
export function demoReply(type: ChatTypeValue, timelineStatus: number, seed: number): string {
  const choices =
    type === ChatType.foreman ? FOREMAN_REPLIES : (COMPANY_REPLIES[timelineStatus] ?? []);
  if (choices.length === 0) return 'Thank you for your message. We will get back to you shortly.';
  return choices[seed % choices.length]!;
}

/** The demo company that answers for `partnerId` (itself, or the company of a foreman). */
async function isDemoPartner(db: Db, partnerId: number, type: ChatTypeValue): Promise<boolean> {
  const emails = DEMO_COMPANIES.map((c) => c.email);
  if (type === ChatType.company) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, partnerId),
          eq(users.userType, UserType.company),
          inArray(users.email, emails),
        ),
      );
    return Boolean(row);
  }
  const [row] = await db
    .select({ id: users.id })
    .from(companyForemen)
    .innerJoin(users, eq(users.id, companyForemen.companyId))
    .where(
      and(
        eq(companyForemen.userId, partnerId),
        isNull(companyForemen.removedAt),
        inArray(users.email, emails),
      ),
    );
  return Boolean(row);
}

/**
 * Stores the demo partner's reply, if the conversation is still open: delivered by its event,
 * like any partner's message.
 */
export async function runDemoChatReply(
  app: FastifyInstance,
  job: DemoChatJob,
): Promise<'done' | 'skipped'> {
  const [partner] = await app.db
    .select({ id: users.id, roomId: users.roomId, userType: users.userType })
    .from(users)
    .where(eq(users.id, job.partnerId));
  if (!partner) return 'skipped';
  try {
    const conversation = await findConversation(app.db, partner, job.requestId, job.type);
    if (!isConversationOpen(job.type, conversation.timelineStatus)) return 'skipped';
    const [request] = await app.db
      .select({ status: requests.timelineStatus })
      .from(requests)
      .where(eq(requests.id, job.requestId));
    const seed = Math.floor(job.customerMessageAt / 1000);
    await storeMessage({
      domain: app.domain,
      caller: partner,
      body: {
        // One reply per job, even when a retried job runs twice.
        client_id: uuidFrom(`${job.requestId}:${job.type}:${job.customerMessageAt}`),
        sender_id: partner.roomId,
        room_id: partner.roomId,
        receiver_id: conversation.other.roomId,
        receive_type: job.type,
        request_id: job.requestId,
        message: demoReply(job.type, request?.status ?? conversation.timelineStatus, seed),
      },
    });
    return 'done';
  } catch (err) {
    if (err instanceof AppError && err.code >= 400 && err.code < 500) return 'skipped';
    throw err;
  }
}

function uuidFrom(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Defines the reply job and answers what to do when a message is sent: when a customer wrote to
 * a demo company or its foreman, queue one reply (a burst of messages gets one answer).
 */
export function registerDemoChat(
  app: FastifyInstance,
  maxDelayMs: number,
): (sent: ChatMessageSent) => void {
  app.jobs.define<DemoChatJob>(DEMO_CHAT_JOB, {
    exclusive: true,
    retryLimit: 2,
    expireInSeconds: 60,
    pollingIntervalSeconds: 0.5,
    handler: async (data) => {
      // A person playing the company answers its customers themselves, also across a reload.
      const again = {
        name: DEMO_CHAT_JOB,
        data,
        singletonKey: `${data.requestId}:${data.type}`,
      };
      if (await yieldsToPerson(app, await requestPresence(app, data.requestId), again)) return;
      await runDemoChatReply(app, data);
    },
  });
  return (sent) => {
    void (async () => {
      const [sender] = await app.db
        .select({ userType: users.userType })
        .from(users)
        .where(eq(users.id, sent.senderId));
      if (sender?.userType !== UserType.customer) return;
      if (!(await isDemoPartner(app.db, sent.receiverId, sent.type))) return;
      const now = sent.at;
      await app.jobs.send(
        DEMO_CHAT_JOB,
        {
          requestId: sent.requestId,
          type: sent.type,
          partnerId: sent.receiverId,
          customerMessageAt: now,
        } satisfies DemoChatJob,
        {
          startAfter: new Date(now + Math.min(DEMO_CHAT_REPLY_MS, maxDelayMs)),
          singletonKey: `${sent.requestId}:${sent.type}`,
        },
      );
    })().catch((err: unknown) => {
      app.log.error({ err, requestId: sent.requestId }, 'demo simulator could not queue a reply');
    });
  };
}
