import {
  ChatType,
  isForemanChatEnabled,
  isRequestCancelled,
  isWithCrew,
  toSpecDate,
  type ForemanJob,
  type ForemanJobDetail,
} from '@movehub/shared';
import {
  contactField,
  toListAddress,
  toServerAddress,
  toServerItems,
  toTimelineEntry,
  toTruck,
} from '../../domain/request/read-model';
import type { ForemanJobDetailRow, ForemanJobRow } from './foreman-jobs.service';

/*
 * The foreman module's rows to the wire, in one place (ARCHITECTURE.md "The wire contract").
 * The customer's phone leaves only while the job is under way.
 */

export function toForemanJob(r: ForemanJobRow): ForemanJob {
  return {
    id: r.id,
    request_timeline_status: r.timelineStatus,
    request_status: r.requestStatus,
    s_date: toSpecDate(r.moveDate),
    move_date: r.moveDate,
    s_time: r.moveTime,
    start_window_from: r.windowFrom,
    start_window_to: r.windowTo,
    move_type: r.moveType?.name ?? null,
    movers: r.movers,
    request_address: r.addresses.map(toListAddress),
    item_count: r.itemCount,
    packing_count: r.packingCount,
    customer_first_name: contactField(r, r.contactFirstName, r.customer?.firstName),
  };
}

/** A time of the job's history (the driver's text, foreman-jobs.service) as the wire writes times. */
const isoTime = (text: string | null) => (text === null ? null : new Date(text).toISOString());

/** Whether the foreman may call the customer: the move paid, assigned and not over or cancelled. */
function showsPhone(row: ForemanJobDetailRow): boolean {
  return !isRequestCancelled(row.requestStatus) && isWithCrew(row.timelineStatus);
}

/**
 * The job as its foreman sees it. `foremanRoomId` is the caller's own room: the chat object names
 * it as the sending side, as the company's job_detail names the company's.
 */
export function toForemanJobDetail(
  row: ForemanJobDetailRow,
  foremanRoomId: string,
  /** The service's date (YYYY-MM-DD), for the move-day window (decision 042). */
  today: string,
): ForemanJobDetail {
  const items = toServerItems(row.items);
  return {
    id: row.id,
    request_timeline_status: row.timelineStatus,
    request_status: row.requestStatus,
    s_date: toSpecDate(row.moveDate),
    move_date: row.moveDate,
    today_date: today,
    s_time: row.moveTime,
    start_window_from: row.windowFrom,
    start_window_to: row.windowTo,
    move_type: row.moveType?.name ?? null,
    movers: row.movers,
    final_comment: row.finalComment,
    request_address: row.addresses.map(toServerAddress),
    request_item: items.request_item,
    extra_request_items: items.extra_request_items,
    customer: {
      first_name: contactField(row, row.contactFirstName, row.customer?.firstName),
      last_name: contactField(row, row.contactLastName, row.customer?.lastName),
      phone: showsPhone(row) ? contactField(row, row.contactPhone, row.customer?.phone) : null,
      room_id: row.customer?.roomId ?? null,
    },
    company_name: row.company?.name ?? '',
    trucks: row.trucks.map(toTruck),
    started_at: isoTime(row.startedAt),
    completed_at: isoTime(row.completedAt),
    request_timeline: row.timeline.map(toTimelineEntry),
    // The same rule as the chat's own calls (chat.service isConversationOpen): 5 and 6.
    chat:
      isForemanChatEnabled(row.timelineStatus) && row.customer?.roomId
        ? {
            room_id: foremanRoomId,
            request_id: row.id,
            receiver_room_id: row.customer.roomId,
            type: ChatType.foreman,
          }
        : null,
  };
}
