import { z } from 'zod';
import { envelope } from './envelope';
import { safeString } from './primitives';

/** GET /dev/outbox?to=ADDRESS (embedded mode only): what the product "sent" by email or SMS. */
export const outboxQuerySchema = z.object({
  to: safeString().trim().min(1, 'to is required.').max(254, 'to must be at most 254 characters.'),
});

export const outboxMessageSchema = z.object({
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  /** Files sent with an email (a calendar invite), as text. */
  attachments: z.array(
    z.object({ filename: z.string(), content_type: z.string(), content: z.string() }),
  ),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxResponseSchema = envelope({ messages: z.array(outboxMessageSchema) });
