import type { Subscriber } from '../../platform/events/dispatcher';
import { notifyMany } from './notifications.service';

/**
 * The in-app notifications of every event (its `notices`): written in the dispatch's transaction,
 * with the bell's realtime signal, so a notification exists exactly once per committed event.
 */
export const notificationsSubscriber: Subscriber = {
  name: 'notifications',
  async handle(tx, event) {
    if (!event.notices?.length) return;
    await notifyMany({ db: tx, requestId: event.requestId, notices: event.notices });
  },
};
