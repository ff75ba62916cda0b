import type { Subscriber } from '../platform/events/dispatcher';
import { sendSignal, signalOpenRequest, signalRequestComment } from './signals';

/**
 * The sockets' share of every event: its `signals`, sent with pg_notify in the dispatch's
 * transaction (PostgreSQL delivers them once it commits, to every API process, each telling its
 * own sockets); a new marketplace request announced to the consoles of the companies that serve
 * its pick-up zip, and a comment on a request open for bids to the consoles that show its thread.
 */
export const realtimeSubscriber: Subscriber = {
  name: 'realtime',
  async handle(tx, event) {
    for (const signal of event.signals ?? []) await sendSignal(tx, signal);
    if (event.type === 'request.created' && event.requestId !== null && event.data?.marketplace) {
      await signalOpenRequest(tx, event.requestId);
    }
    if (
      event.type === 'request.comment_added' &&
      event.requestId !== null &&
      event.data?.openForBids
    ) {
      await signalRequestComment(tx, event.requestId);
    }
  },
};
