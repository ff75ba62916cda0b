import { z } from 'zod';
import { envelope } from './envelope';

/** GET /dev/outbox?to=ADDRESS (embedded mode only): what the product "sent" by email or SMS. */
export const outboxQuerySchema = z.object({ to: z.string().trim().min(1, 'to is required.') });

export const outboxMessageSchema = z.object({
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxResponseSchema = envelope({ messages: z.array(outboxMessageSchema) });
