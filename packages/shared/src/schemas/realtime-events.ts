import { z } from 'zod';
import type { SERVER_EVENTS, ServerEvent } from '../realtime';
import { notificationSchema } from './accounts';
import { chatMessageSchema } from './chat';
import { trackingEventSchema } from './tracking';

/*
 * The realtime channel's payloads (realtime.ts names the events): kept apart from the event
 * names so that the browser, which reads events the server has checked, loads no schema.
 */

/** A company's console: a new marketplace request opened in its area (only its id). */
export const openRequestEventSchema = z.object({ request_id: z.number().int().positive() });
export type OpenRequestEvent = z.infer<typeof openRequestEventSchema>;

/** A company's console: the thread of a request open for bids changed (only its id). */
export const requestCommentEventSchema = z.object({ request_id: z.number().int().positive() });
export type RequestCommentEvent = z.infer<typeof requestCommentEventSchema>;

/**
 * Each server event's payload schema. The server checks what it emits against it, as its
 * serializer checks every HTTP answer, so a payload of another shape is reported where it was
 * made and never sent; the browser reads events without loading the schemas (decision 034).
 */
export const serverEventSchemas = {
  chatMessage: chatMessageSchema,
  tracking: trackingEventSchema,
  notification: notificationSchema,
  openRequest: openRequestEventSchema,
  requestComment: requestCommentEventSchema,
} as const satisfies Record<(typeof SERVER_EVENTS)[number], z.ZodType> &
  Record<ServerEvent, z.ZodType>;
