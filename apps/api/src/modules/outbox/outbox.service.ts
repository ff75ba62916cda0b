import { desc, eq, sql } from 'drizzle-orm';
import type { OutboxMessage } from '@movehub/shared';
import type { Db, Tx } from '../../db/client';
import { outbox, type MailAttachmentRow } from '../../db/schema';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string | null;
  body: string;
  attachments?: MailAttachmentRow[];
}

/**
 * Records an email or SMS. In the embedded mode this row and the log line are the delivery;
 * a mail or SMS adapter sends it on in production. Callers pass their transaction so that a
 * message exists only when the change that caused it was committed.
 */
export async function enqueueMessage(opts: {
  db: Tx;
  log: { info(obj: object, msg: string): void };
  message: OutgoingMessage;
}): Promise<void> {
  const { message } = opts;
  await opts.db.insert(outbox).values({
    channel: message.channel,
    toAddress: message.to,
    subject: message.subject ?? null,
    body: message.body,
    attachments: message.attachments ?? null,
  });
  opts.log.info(
    { outbox: { channel: message.channel, to: message.to, subject: message.subject ?? null } },
    `outbox: ${message.channel} to ${message.to}`,
  );
}

/**
 * The address as messages are sent to it. A phone is found however it was typed: +13235550147
 * unencoded in a URL arrives as ' 13235550147' (a '+' in a query string is a space), and
 * '(323) 555-0147' or '323-555-0147' are the same phone; an email is found in any letter case.
 */
export function outboxAddress(to: string): string {
  const typed = to.trim();
  if (/^[\d\s()+.-]+$/.test(typed)) {
    const digits = typed.replace(/\D/g, '');
    if (digits.length === 10) return `+1${digits}`;
    if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  }
  return typed.toLowerCase();
}

/** Messages sent to one address, newest first. */
export async function listMessages(opts: { db: Db; to: string }): Promise<OutboxMessage[]> {
  const rows = await opts.db
    .select()
    .from(outbox)
    .where(eq(sql`lower(${outbox.toAddress})`, outboxAddress(opts.to)))
    .orderBy(desc(outbox.id))
    .limit(100);
  return rows.map((r) => ({
    channel: r.channel,
    to: r.toAddress,
    subject: r.subject,
    body: r.body,
    attachments: (r.attachments ?? []).map((a) => ({
      filename: a.filename,
      content_type: a.contentType,
      content: a.content,
    })),
    created_at: r.createdAt.toISOString(),
  }));
}
