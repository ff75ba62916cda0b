import type { Subscriber } from '../../platform/events/dispatcher';
import { notify } from './notifications.service';

/**
 * The in-app notifications of every event (its `notices`): written in the dispatch's transaction,
 * with the bell's realtime signal, so a notification exists exactly once per committed event.
 */
export const notificationsSubscriber: Subscriber = {
  name: 'notifications',
  async handle(tx, event) {
    for (const notice of event.notices ?? []) {
      await notify({
        db: tx,
        userId: notice.userId,
        requestId: event.requestId,
        message: notice.message,
      });
    }
  },
};
