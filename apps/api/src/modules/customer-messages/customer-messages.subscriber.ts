import type { FastifyInstance } from 'fastify';
import type { Subscriber } from '../../platform/events/dispatcher';
import { kickDelivery, queueCustomerMessage } from './customer-messages.service';

/**
 * The customer's messages of every event (its notices that carry `customer`): queued in the
 * dispatch's transaction, and a delivery asked for once it commits (the minute's sweep catches
 * anything a failed ask left behind).
 */
export function customerMessagesSubscriber(app: FastifyInstance): Subscriber {
  return {
    name: 'customer-messages',
    async handle(tx, event) {
      if (event.requestId === null) return;
      for (const notice of event.notices ?? []) {
        if (!notice.customer) continue;
        await queueCustomerMessage({
          db: tx,
          userId: notice.userId,
          requestId: event.requestId,
          event: notice.customer.event,
          message: notice.message,
          ...(notice.customer.calendar ? { calendar: notice.customer.calendar } : {}),
        });
      }
    },
    async afterCommit(events) {
      if (events.some((e) => e.notices?.some((n) => n.customer))) await kickDelivery(app);
    },
  };
}
