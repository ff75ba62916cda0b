import {
  ChatType,
  isForemanChatEnabled,
  RequestStatus,
  TimelineStatus,
  toSpecDate,
  type ForemanJob,
  type ForemanJobDetail,
} from '@movehub/shared';
import { toServerAddress, toServerItem } from '../requests/requests.wire';
import type {
  ForemanJobAddressRow,
  ForemanJobDetailRow,
  ForemanJobRow,
} from './foreman-jobs.service';

/*
 * The foreman module's rows to the wire, in one place (ARCHITECTURE.md "The wire contract").
 * The customer's phone leaves only while the job is under way.
 */

/** spec §3 Item type: '2' is an extra item. */
const EXTRA_ITEM = '2';

export function toForemanJob(entry: {
  row: ForemanJobRow;
  addresses: ForemanJobAddressRow[];
}): ForemanJob {
  const r = entry.row;
  return {
    id: r.id,
    request_timeline_status: r.timelineStatus,
    request_status: r.requestStatus,
    s_date: toSpecDate(r.moveDate),
    move_date: r.moveDate,
    s_time: r.moveTime,
    start_window_from: r.windowFrom,
    start_window_to: r.windowTo,
    move_type: r.moveType,
    movers: r.movers,
    request_address: entry.addresses.map((a) => ({
      id: a.id,
      address_type: a.addressType,
      complete_address: a.completeAddress,
      latitude: a.latitude,
      longitude: a.longitude,
    })),
    item_count: r.itemCount,
    customer_first_name: r.customerFirstName,
  };
}

/** Whether the foreman may call the customer: the move paid, assigned and not over or cancelled. */
function showsPhone(row: ForemanJobDetailRow['row']): boolean {
  return (
    row.requestStatus !== RequestStatus.cancelled &&
    row.timelineStatus >= TimelineStatus.truckAssigned &&
    row.timelineStatus <= TimelineStatus.completedByCompany
  );
}

/**
 * The job as its foreman sees it. `foremanRoomId` is the caller's own room: the chat object names
 * it as the sending side, as the company's job_detail names the company's.
 */
export function toForemanJobDetail(
  detail: ForemanJobDetailRow,
  foremanRoomId: string,
): ForemanJobDetail {
  const { row } = detail;
  const direct = row.requestType !== 0;
  const firstName = (direct ? row.contactFirstName : null) ?? row.customer?.firstName ?? null;
  const lastName = (direct ? row.contactLastName : null) ?? row.customer?.lastName ?? null;
  const phone = (direct ? row.contactPhone : null) ?? row.customer?.phone ?? null;
  const items = row.items.map(toServerItem);
  return {
    id: row.id,
    request_timeline_status: row.timelineStatus,
    request_status: row.requestStatus,
    s_date: toSpecDate(row.moveDate),
    move_date: row.moveDate,
    s_time: row.moveTime,
    start_window_from: row.windowFrom,
    start_window_to: row.windowTo,
    move_type: row.moveType?.name ?? null,
    movers: row.movers,
    final_comment: row.finalComment,
    request_address: row.addresses.map(toServerAddress),
    request_item: items.filter((i) => i.type !== EXTRA_ITEM),
    extra_request_items: items.filter((i) => i.type === EXTRA_ITEM),
    customer: {
      first_name: firstName,
      last_name: lastName,
      phone: showsPhone(row) ? phone : null,
      room_id: row.customer?.roomId ?? null,
    },
    company_name: detail.company,
    trucks: row.trucks.map((t) => ({ name: t.truck.name })),
    started_at: detail.startedAt?.toISOString() ?? null,
    completed_at: detail.completedAt?.toISOString() ?? null,
    request_timeline: row.timeline.map((t) => ({
      id: t.id,
      activity_title: t.activityTitle,
      activity_datetime: t.activityDatetime.toISOString(),
    })),
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
