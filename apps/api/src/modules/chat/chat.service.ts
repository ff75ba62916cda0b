import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  CHAT_TEXT,
  ChatType,
  isChatEnabled,
  isForemanChatEnabled,
  isMoveOver,
  UserType,
  type ChatChannel,
  type ChatMessage,
  type ChatObject,
  type ChatType as ChatTypeValue,
  type PageRequest,
} from '@movehub/shared';
import type { Db, Transaction, Tx } from '../../db/client';
import { chatMessages, companyProfiles, requests, users } from '../../db/schema';
import { AppError } from '../../errors';
import { AFTER_EVERY_ID, pageOf, pageReadLimit } from '../../lib/paging';
import { placeholder, preparedPerDatabase } from '../../db/prepared';
import type { Domain } from '../../domain/context';
import { runWithEvents } from '../../domain/request/command';
import {
  chatEnabledSql,
  foremanChatEnabledSql,
  REQUEST_NOT_FOUND,
} from '../../domain/request/lifecycle';
import type { DomainEvent } from '../../platform/events/events';
import { chatMessageSignal, type ChatDelivery } from '../../realtime/signals';

/*
 * Chat (docs/decisions/018). A conversation is a request and a channel type: 0 between the
 * customer and the company that won it, 2 between the customer and the foreman of the move.
 * The same calls serve both sides: `type` names the conversation, never the caller's role.
 */

/** The messages of a page of get_messages when the caller names no limit. */
export const MESSAGES_PAGE_SIZE = 50;

/** The conversations (requests) of a page of channels when the caller names no limit. */
export const CHANNELS_PAGE_SIZE = 30;

export interface ChatCaller {
  id: number;
  roomId: string;
  userType: number;
}

interface Party {
  id: number;
  roomId: string;
}

export interface Conversation {
  requestId: number;
  type: ChatTypeValue;
  timelineStatus: number;
  me: Party;
  other: Party;
}

const customer = alias(users, 'chat_customer');
const company = alias(users, 'chat_company');
const foreman = alias(users, 'chat_foreman');

/** Whether a conversation of this type may carry new messages at this status (spec: 3 to 6). */
export function isConversationOpen(type: ChatTypeValue, timelineStatus: number): boolean {
  return type === ChatType.company
    ? isChatEnabled(timelineStatus)
    : isForemanChatEnabled(timelineStatus);
}

/** A request's status and the two sides of one of its conversations, as read. */
interface ConversationRow {
  timelineStatus: number;
  customerId: number | null;
  customerRoom: string | null;
  partnerId: number | null;
  partnerRoom: string | null;
}

/**
 * The caller's conversation from its request's row (undefined: no such request). Anyone who is
 * not one of its two sides gets the same 404 as for a request that does not exist.
 */
function conversationOf(
  row: ConversationRow | undefined,
  caller: ChatCaller,
  requestId: number,
  type: ChatTypeValue,
): Conversation {
  if (!row) throw AppError.notFound(REQUEST_NOT_FOUND);
  const customerSide =
    row.customerId && row.customerRoom ? { id: row.customerId, roomId: row.customerRoom } : null;
  const partnerSide =
    row.partnerId && row.partnerRoom ? { id: row.partnerId, roomId: row.partnerRoom } : null;
  if (!customerSide || !partnerSide) throw AppError.notFound(REQUEST_NOT_FOUND);
  const base = { requestId, type, timelineStatus: row.timelineStatus };
  if (caller.id === customerSide.id) return { ...base, me: customerSide, other: partnerSide };
  if (caller.id === partnerSide.id) return { ...base, me: partnerSide, other: customerSide };
  throw AppError.notFound(REQUEST_NOT_FOUND);
}

/** The conversation's other side (a company, or the move's foreman) and its account. */
const partnerOf = (type: ChatTypeValue) =>
  type === ChatType.company
    ? { id: requests.companyId, account: company }
    : { id: requests.foremanId, account: foreman };

/** The columns of a ConversationRow, read with the customer's and the partner's accounts joined. */
const conversationColumns = (partner: ReturnType<typeof partnerOf>) => ({
  timelineStatus: requests.timelineStatus,
  customerId: requests.customerId,
  customerRoom: customer.roomId,
  partnerId: partner.id,
  partnerRoom: partner.account.roomId,
});

/**
 * The caller's conversation on a request. Anyone who is not one of its two sides gets the same
 * 404 as for a request that does not exist.
 */
export async function findConversation(
  db: Tx,
  caller: ChatCaller,
  requestId: number,
  type: ChatTypeValue,
  /** Hold the request row (FOR SHARE) until the caller's transaction ends. */
  lock = false,
): Promise<Conversation> {
  const partner = partnerOf(type);
  const query = db
    .select(conversationColumns(partner))
    .from(requests)
    .leftJoin(customer, eq(customer.id, requests.customerId))
    .leftJoin(partner.account, eq(partner.account.id, partner.id))
    .where(eq(requests.id, requestId));
  const [row] = lock ? await query.for('share', { of: requests }) : await query;
  return conversationOf(row, caller, requestId, type);
}

type MessageRow = typeof chatMessages.$inferSelect;

/** A stored message as either side sees it but for sender_type (the rooms are the sides'). */
function toDelivery(row: MessageRow, rooms: { sender: string; receiver: string }): ChatDelivery {
  return {
    id: row.id,
    request_id: row.requestId,
    message_text: row.message,
    message_type: 0,
    message_datatime: row.createdAt.toISOString(),
    message_status: row.readAt ? 1 : 0,
    is_active: row.readAt === null,
    sender_id: rooms.sender,
    receiver_id: rooms.receiver,
    receive_type: row.channelType as ChatTypeValue,
  };
}

/** A stored message as `viewer` sees it (sender_type 1 when the viewer sent it). */
export function toChatMessage(
  row: MessageRow,
  viewerId: number,
  rooms: { sender: string; receiver: string },
): ChatMessage {
  return { ...toDelivery(row, rooms), sender_type: row.senderId === viewerId ? 1 : 0 };
}

/**
 * A stored message with its two rooms, read by a process that heard of it by id only (a
 * message too long for its signal); null once it is gone.
 */
export async function messageToDeliver(db: Db, id: number): Promise<ChatDelivery | null> {
  const sender = alias(users, 'chat_sender');
  const receiver = alias(users, 'chat_receiver');
  const [found] = await db
    .select({ row: chatMessages, sender: sender.roomId, receiver: receiver.roomId })
    .from(chatMessages)
    .innerJoin(sender, eq(sender.id, chatMessages.senderId))
    .innerJoin(receiver, eq(receiver.id, chatMessages.receiverId))
    .where(eq(chatMessages.id, id));
  return found ? toDelivery(found.row, { sender: found.sender, receiver: found.receiver }) : null;
}

/**
 * What the 'chat.message_sent' event tells its subscribers beyond the sockets' signal (the demo
 * simulator answers a customer's message to a demo partner).
 */
export interface ChatMessageSent {
  requestId: number;
  type: ChatTypeValue;
  senderId: number;
  receiverId: number;
  /** When the message was stored (ms): the reply is due a fixed time after it. */
  at: number;
}

/** The event of a newly stored message: the sockets of both sides hear of it after the commit. */
function messageSent(stored: StoredMessage, socketId: string | undefined): DomainEvent {
  const { row, conversation } = stored;
  const rooms = { sender: conversation.me.roomId, receiver: conversation.other.roomId };
  return {
    type: 'chat.message_sent',
    requestId: row.requestId,
    signals: [chatMessageSignal(toDelivery(row, rooms), socketId)],
    data: {
      requestId: row.requestId,
      type: row.channelType as ChatTypeValue,
      senderId: row.senderId,
      receiverId: row.receiverId,
      at: row.createdAt.getTime(),
    } satisfies ChatMessageSent,
  };
}

export interface StoredMessage {
  row: MessageRow;
  /** Its conversation's sides (its status is known to have been open when it was stored). */
  conversation: Omit<Conversation, 'timelineStatus'>;
  /** False when this client_id was stored before (a resend): it is not delivered again. */
  created: boolean;
}

/**
 * The request of the newest open conversation of this type between the caller and the account
 * of `otherRoomId`, for a message that names no request.
 */
async function newestOpenConversation(
  db: Tx,
  caller: ChatCaller,
  otherRoomId: string,
  type: ChatTypeValue,
): Promise<number> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.roomId, otherRoomId));
  if (!other) throw AppError.notFound(REQUEST_NOT_FOUND);
  const partnerColumn = type === ChatType.company ? requests.companyId : requests.foremanId;
  const [row] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        openChatSql(type, requests.timelineStatus),
        or(
          and(eq(requests.customerId, caller.id), eq(partnerColumn, other.id)),
          and(eq(partnerColumn, caller.id), eq(requests.customerId, other.id)),
        ),
      ),
    )
    .orderBy(desc(requests.id))
    .limit(1);
  if (!row) throw AppError.unprocessable(CHAT_TEXT.chatClosed);
  return row.id;
}

interface FastRow {
  id: number;
  request_id: number;
  channel_type: number;
  sender_id: number;
  receiver_id: number;
  message: string;
  client_id: string | null;
  created_ms: number | string;
}

/** A message as the socket sent it (sendMessageSchema's output). */
interface MessageBody {
  client_id?: string | undefined;
  sender_id: string;
  receiver_id: string;
  receive_type: ChatTypeValue;
  room_id: string;
  request_id?: number | undefined;
  message: string;
}

/**
 * A message that names its request, sent on an open conversation of the caller's to its other
 * side: stored in one statement, the request row held FOR SHARE while it is written (a move
 * closing the chat waits for it, as in the full path). Three of the four round trips of the full
 * path (storeChecked) were most of a message's time under load (bench/realtime.ts). Anything else
 * (no request_id, someone else's request, the wrong receiver, a closed chat, a client_id stored
 * before) stores nothing here and answers null: the full path then answers it.
 */
async function storeOnOpenConversation(
  tx: Transaction,
  caller: ChatCaller,
  body: MessageBody,
): Promise<StoredMessage | null> {
  if (body.request_id === undefined) return null;
  const type = body.receive_type;
  const partner = type === ChatType.company ? sql.raw('company_id') : sql.raw('foreman_id');
  const result = await tx.execute(sql`
    with conversation as (
      select r.id,
             case when r.customer_id = ${caller.id}::int then r.${partner} else r.customer_id end as other_id
      from requests r
      join users c on c.id = r.customer_id
      join users p on p.id = r.${partner}
      where r.id = ${body.request_id}::int
        and ${openChatSql(type, sql`r.request_timeline_status`)}
        and ((r.customer_id = ${caller.id}::int and p.room_id = ${body.receiver_id}::text)
          or (r.${partner} = ${caller.id}::int and c.room_id = ${body.receiver_id}::text))
      for share of r)
    insert into chat_messages (request_id, channel_type, sender_id, receiver_id, message, client_id)
    select id, ${type}::smallint, ${caller.id}::int, other_id, ${body.message}::text, ${body.client_id ?? null}::text
    from conversation
    on conflict (sender_id, client_id) do nothing
    returning id, request_id, channel_type, sender_id, receiver_id, message, client_id,
              (extract(epoch from date_trunc('milliseconds', created_at)) * 1000)::float8 as created_ms`);
  const row = (result as unknown as { rows: FastRow[] }).rows[0];
  if (!row) return null;
  return {
    row: {
      id: row.id,
      requestId: row.request_id,
      channelType: row.channel_type,
      senderId: row.sender_id,
      receiverId: row.receiver_id,
      message: row.message,
      clientId: row.client_id,
      readAt: null,
      createdAt: new Date(Number(row.created_ms)),
    },
    conversation: {
      requestId: row.request_id,
      type,
      me: { id: caller.id, roomId: caller.roomId },
      other: { id: row.receiver_id, roomId: body.receiver_id },
    },
    created: true,
  };
}

/**
 * Stores a message of the caller. The socket's account is the sender: sender_id must be its
 * room, receiver_id the other side's of that conversation, room_id one of the two, and the
 * conversation must be open (company chat at 3 to 6, the foreman's at 5 and 6). The request row
 * is held while the message is written, so a move closing the chat cannot slip in between. A
 * new message's event is written with it: after the commit the other side's sockets and the
 * sender's, but `socketId` (the one that sent it, answered by its ack), receive it.
 */
export async function storeMessage(opts: {
  domain: Pick<Domain, 'db' | 'events'>;
  caller: ChatCaller;
  body: MessageBody;
  socketId?: string;
}): Promise<StoredMessage> {
  const { caller, body } = opts;
  if (body.sender_id !== caller.roomId) throw AppError.forbidden(CHAT_TEXT.notYourRoom);
  if (body.room_id !== caller.roomId && body.room_id !== body.receiver_id) {
    throw AppError.forbidden(CHAT_TEXT.notYourRoom);
  }
  return runWithEvents(opts.domain, async (tx, emit) => {
    const stored =
      (await storeOnOpenConversation(tx, caller, body)) ?? (await storeChecked(tx, caller, body));
    if (stored.created) emit(messageSent(stored, opts.socketId));
    return stored;
  });
}

/**
 * The full path of storeMessage: finds the conversation, answers why it refuses one (not a
 * side, the wrong receiver, a closed chat), and a resent client_id with the earlier message.
 */
async function storeChecked(
  tx: Transaction,
  caller: ChatCaller,
  body: MessageBody,
): Promise<StoredMessage> {
  const requestId =
    body.request_id ??
    (await newestOpenConversation(tx, caller, body.receiver_id, body.receive_type));
  const conversation = await findConversation(tx, caller, requestId, body.receive_type, true);
  if (body.receiver_id !== conversation.other.roomId) {
    throw AppError.unprocessable('receiver_id is not the other side of this conversation.');
  }
  if (!isConversationOpen(conversation.type, conversation.timelineStatus)) {
    throw isMoveOver(conversation.timelineStatus)
      ? AppError.conflict(CHAT_TEXT.chatClosed)
      : AppError.unprocessable(CHAT_TEXT.chatClosed);
  }
  const clientId = body.client_id ?? null;
  const [inserted] = await tx
    .insert(chatMessages)
    .values({
      requestId: conversation.requestId,
      channelType: conversation.type,
      senderId: conversation.me.id,
      receiverId: conversation.other.id,
      message: body.message,
      clientId,
    })
    .onConflictDoNothing({ target: [chatMessages.senderId, chatMessages.clientId] })
    .returning();
  if (inserted) return { row: inserted, conversation, created: true };
  // Only a repeated client_id conflicts (NULLs never do): the earlier message is the answer.
  const [earlier] = await tx
    .select()
    .from(chatMessages)
    .where(
      and(eq(chatMessages.senderId, conversation.me.id), eq(chatMessages.clientId, clientId!)),
    );
  if (
    !earlier ||
    earlier.requestId !== conversation.requestId ||
    earlier.channelType !== conversation.type
  ) {
    throw AppError.conflict('client_id was used for another message.');
  }
  return { row: earlier, conversation, created: false };
}

/**
 * A conversation's request with its two sides and, when the caller is one of them, a page of its
 * messages (one row each, none for an empty page), newest first: the messages older than beforeId
 * (AFTER_EVERY_ID for the first page) by the conversation index (request_id, channel_type, id).
 * A page costs its own rows, and only a side's call reads them.
 */
function messagePageQuery(db: Db, type: ChatTypeValue) {
  const partner = partnerOf(type);
  const callerId = placeholder('callerId', 'int');
  const page = db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.requestId, requests.id),
        eq(chatMessages.channelType, sql.raw(String(type))),
        sql`${chatMessages.id} < ${placeholder('beforeId', 'bigint')}`,
        or(eq(requests.customerId, callerId), eq(partner.id, callerId)),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(sql.placeholder('limit'))
    .as('page');
  return db
    .select({
      ...conversationColumns(partner),
      message: {
        id: page.id,
        requestId: page.requestId,
        channelType: page.channelType,
        senderId: page.senderId,
        receiverId: page.receiverId,
        message: page.message,
        clientId: page.clientId,
        readAt: page.readAt,
        createdAt: page.createdAt,
      },
    })
    .from(requests)
    .leftJoin(customer, eq(customer.id, requests.customerId))
    .leftJoin(partner.account, eq(partner.account.id, partner.id))
    .leftJoinLateral(page, sql`true`)
    .where(eq(requests.id, placeholder('requestId', 'int')));
}

/*
 * get_messages is read each time a conversation opens and as it scrolls back: one prepared
 * statement per conversation type reads the conversation and its page in one round trip.
 */
const messagePages = preparedPerDatabase((db) => ({
  [ChatType.company]: messagePageQuery(db, ChatType.company).prepare('chat_message_page_company'),
  [ChatType.foreman]: messagePageQuery(db, ChatType.foreman).prepare('chat_message_page_foreman'),
}));

/**
 * A page of the conversation's messages as the caller sees them: the newest `limit` older than
 * before_id (the newest of all without it), oldest first within the page; next_before_id asks
 * for the older ones. A before_id of another conversation only bounds this one's ids.
 */
export async function listMessages(opts: {
  db: Db;
  caller: ChatCaller;
  requestId: number;
  type: ChatTypeValue;
  otherRoomId: string;
  page: PageRequest;
}): Promise<{ messages: ChatMessage[]; next_before_id: number | null }> {
  const { page } = opts;
  const read = await messagePages(opts.db)[opts.type].execute({
    requestId: opts.requestId,
    callerId: opts.caller.id,
    beforeId: page.before_id ?? AFTER_EVERY_ID,
    limit: pageReadLimit(page, MESSAGES_PAGE_SIZE),
  });
  const conversation = conversationOf(read[0], opts.caller, opts.requestId, opts.type);
  if (conversation.other.roomId !== opts.otherRoomId) {
    throw AppError.unprocessable('socket_id is not the other side of this conversation.');
  }
  const stored = read.flatMap((r) => (r.message ? [r.message] : []));
  const { rows, next_before_id } = pageOf(stored, page, MESSAGES_PAGE_SIZE, (row) => row.id);
  const { me, other } = conversation;
  const messages = rows.reverse().map((row) =>
    toChatMessage(row, me.id, {
      sender: row.senderId === me.id ? me.roomId : other.roomId,
      receiver: row.senderId === me.id ? other.roomId : me.roomId,
    }),
  );
  return { messages, next_before_id };
}

/** Marks what the caller has received in the conversation read; answers how many were unread. */
export async function markConversationRead(opts: {
  db: Tx;
  caller: ChatCaller;
  requestId: number;
  type: ChatTypeValue;
  otherRoomId: string;
}): Promise<number> {
  const conversation = await findConversation(opts.db, opts.caller, opts.requestId, opts.type);
  if (conversation.other.roomId !== opts.otherRoomId) {
    throw AppError.unprocessable('socket_id is not the other side of this conversation.');
  }
  const updated = await opts.db
    .update(chatMessages)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(chatMessages.requestId, opts.requestId),
        eq(chatMessages.channelType, opts.type),
        eq(chatMessages.receiverId, opts.caller.id),
        isNull(chatMessages.readAt),
      ),
    )
    .returning({ id: chatMessages.id });
  return updated.length;
}

/** isConversationOpen in SQL: the request's status opens the conversation of this type. */
function openChatSql(type: ChatTypeValue, timeline: AnyPgColumn | SQL): SQL {
  return type === ChatType.company ? chatEnabledSql(timeline) : foremanChatEnabledSql(timeline);
}

/** A channel before the presence check: online_status is filled by the caller of this. */
export type ChannelDraft = Omit<ChatChannel, 'profile_data'> & {
  profile_data: Omit<ChatChannel['profile_data'], 'online_status'>;
};

/**
 * One type of the caller's conversations, on the requests whose `mine` column is the caller:
 * the newest limit+1 requests older than beforeId (AFTER_EVERY_ID on the first page) that have
 * the conversation open, or closed with messages to read. The other side is `otherId`'s account.
 */
function channelRows(db: Db, type: ChatTypeValue, mine: AnyPgColumn, otherId: AnyPgColumn) {
  const other = alias(users, 'chat_other');
  const callerId = placeholder('callerId', 'int');
  const channelType = sql.raw(String(type));
  // Counted by the partial unread index; the newest message by the conversation index.
  const unread = sql<number>`(select count(*) from chat_messages m where m.receiver_id = ${callerId} and m.request_id = ${requests.id} and m.channel_type = ${channelType} and m.read_at is null)`;
  const lastAt = sql<
    string | null
  >`(select max(m.created_at) from chat_messages m where m.request_id = ${requests.id} and m.channel_type = ${channelType})`;
  const open = openChatSql(type, requests.timelineStatus);
  // A conversation closed with its move (or its cancellation) stays to read if it has messages.
  const hasMessages = sql`exists (select 1 from chat_messages m where m.request_id = ${requests.id} and m.channel_type = ${channelType})`;
  return db
    .select({
      type: sql<ChatTypeValue>`${channelType}`.mapWith((v) => Number(v) as ChatTypeValue),
      requestId: requests.id,
      roomId: other.roomId,
      firstName: other.firstName,
      lastName: other.lastName,
      picture: other.profilePicture,
      companyName: companyProfiles.name,
      companyPicture: companyProfiles.profilePicture,
      unread: unread.mapWith(Number),
      lastAt,
      isOpen: sql<boolean>`coalesce(${open}, false)`.mapWith(Boolean),
    })
    .from(requests)
    .innerJoin(other, eq(other.id, otherId))
    .leftJoin(companyProfiles, eq(companyProfiles.userId, other.id))
    .where(
      and(
        eq(mine, callerId),
        sql`${requests.id} < ${placeholder('beforeId', 'bigint')}`,
        or(open, hasMessages),
      ),
    )
    .orderBy(desc(requests.id))
    .limit(sql.placeholder('limit'));
}

/*
 * The channels list is read each time a chat screen opens: one prepared statement per caller
 * kind, so that neither Drizzle's building nor PostgreSQL's planning is paid per call, and a
 * customer's two kinds of conversation (with companies and with foremen) come in one round trip.
 */
const channelStatements = preparedPerDatabase((db) => ({
  [UserType.customer]: unionAll(
    channelRows(db, ChatType.company, requests.customerId, requests.companyId),
    channelRows(db, ChatType.foreman, requests.customerId, requests.foremanId),
  ).prepare('chat_channels_customer'),
  [UserType.company]: channelRows(
    db,
    ChatType.company,
    requests.companyId,
    requests.customerId,
  ).prepare('chat_channels_company'),
  [UserType.foreman]: channelRows(
    db,
    ChatType.foreman,
    requests.foremanId,
    requests.customerId,
  ).prepare('chat_channels_foreman'),
}));

type ChannelRow = Awaited<ReturnType<ReturnType<typeof channelRows>['execute']>>[number];

/**
 * A page of the caller's open conversations (POST /app_api/channels): a customer's with the
 * companies of paid moves and, while a move is under way, their foremen; a company's and a
 * foreman's with their customers. The page is keyed by request, newest request first: it holds
 * the conversations of `limit` requests older than before_id, both of a request's (company and
 * foreman) in the same page; within the page each list is newest activity first. One prepared
 * statement whoever calls.
 */
export async function listChannels(
  db: Db,
  caller: ChatCaller,
  page: PageRequest = {},
): Promise<{ company: ChannelDraft[]; foreman: ChannelDraft[]; next_before_id: number | null }> {
  const statements = channelStatements(db);
  const statement =
    caller.userType === UserType.customer ||
    caller.userType === UserType.company ||
    caller.userType === UserType.foreman
      ? statements[caller.userType]
      : null;
  const rows: ChannelRow[] = statement
    ? await statement.execute({
        callerId: caller.id,
        beforeId: page.before_id ?? AFTER_EVERY_ID,
        limit: pageReadLimit(page, CHANNELS_PAGE_SIZE),
      })
    : [];
  const drafts = rows
    .map((r): ChannelDraft => ({
      room_id: caller.roomId,
      request_id: r.requestId,
      receiver_room_id: r.roomId,
      type: r.type,
      profile_data: {
        room_id: r.roomId,
        ...(r.companyName !== null
          ? { name: r.companyName }
          : { first_name: r.firstName, last_name: r.lastName }),
        profile_picture: r.companyPicture ?? r.picture,
      },
      unread_messages: r.unread,
      last_message_at: r.lastAt ? new Date(r.lastAt).toISOString() : null,
      is_open: r.isOpen,
    }))
    // Newest activity first, a newer request first among equals (none yet is oldest).
    .sort(
      (a, b) =>
        (b.last_message_at ?? '').localeCompare(a.last_message_at ?? '') ||
        b.request_id - a.request_id,
    );
  // Each type read its newest limit+1 requests: their union holds the page's requests and, when
  // there are more, the one that says so.
  const requestIds = [...new Set(drafts.map((c) => c.request_id))].sort((a, b) => b - a);
  const { rows: kept, next_before_id } = pageOf(requestIds, page, CHANNELS_PAGE_SIZE, (id) => id);
  const inPage = new Set(kept);
  const ofType = (type: ChatTypeValue) =>
    drafts.filter((c) => c.type === type && inPage.has(c.request_id));
  return {
    company: ofType(ChatType.company),
    foreman: ofType(ChatType.foreman),
    next_before_id,
  };
}

/**
 * The chat objects of the customer's request list and detail (company_chat_obj, foreman_chat_obj;
 * chat_data_comapny, chat_data_foreman): enough for a Chat button to open the conversation,
 * null while that conversation is closed. One query for all the requests that have one open.
 */
export async function chatObjectsFor(
  db: Tx,
  customerRoomId: string,
  rows: readonly {
    id: number;
    timelineStatus: number;
    companyId: number | null;
    foremanId: number | null;
    /** The company's and the foreman's rooms when the caller's statement read them already. */
    companyRoomId?: string | null;
    foremanRoomId?: string | null;
  }[],
): Promise<Map<number, { company: ChatObject | null; foreman: ChatObject | null }>> {
  const result = new Map<number, { company: ChatObject | null; foreman: ChatObject | null }>();
  const wanted = new Set<number>();
  const rooms = new Map<number, string>();
  for (const r of rows) {
    if (r.companyId && isChatEnabled(r.timelineStatus)) wanted.add(r.companyId);
    if (r.foremanId && isForemanChatEnabled(r.timelineStatus)) wanted.add(r.foremanId);
    if (r.companyId && r.companyRoomId) rooms.set(r.companyId, r.companyRoomId);
    if (r.foremanId && r.foremanRoomId) rooms.set(r.foremanId, r.foremanRoomId);
  }
  if (wanted.size === 0) return result;
  const unknown = [...wanted].filter((id) => !rooms.has(id));
  if (unknown.length > 0) {
    const read = await db
      .select({ id: users.id, roomId: users.roomId })
      .from(users)
      .where(inArray(users.id, unknown));
    for (const u of read) rooms.set(u.id, u.roomId);
  }
  const object = (requestId: number, type: ChatTypeValue, userId: number | null) => {
    const room = userId ? rooms.get(userId) : undefined;
    return room
      ? { room_id: customerRoomId, request_id: requestId, receiver_room_id: room, type }
      : null;
  };
  for (const r of rows) {
    result.set(r.id, {
      company: isChatEnabled(r.timelineStatus) ? object(r.id, ChatType.company, r.companyId) : null,
      foreman: isForemanChatEnabled(r.timelineStatus)
        ? object(r.id, ChatType.foreman, r.foremanId)
        : null,
    });
  }
  return result;
}
