import { jobShowsContact, toSpecDate, type JobSummary } from '@movehub/shared';
import { centsToDollars } from '../../lib/wire';
import type { JobAddressRow, JobRow } from './partner-jobs.service';

/*
 * The partner-jobs module's rows to the wire's JobSummary, in one place (ARCHITECTURE.md "The
 * wire contract"). The customer's email and phone leave only at the stages that allow them.
 */

export function toJobSummary(entry: { row: JobRow; addresses: JobAddressRow[] }): JobSummary {
  const { row } = entry;
  const r = row.request;
  // The SQL lists only rows with a stage.
  const stage = row.stage!;
  const contact = jobShowsContact(stage);
  return {
    id: r.id,
    stage,
    request_timeline_status: r.timelineStatus,
    request_status: r.requestStatus,
    additional_status: r.additionalStatus,
    is_direct: Boolean(row.isDirect),
    s_date: toSpecDate(r.moveDate),
    s_time: r.moveTime,
    start_window_from: r.windowFrom,
    start_window_to: r.windowTo,
    move_type: row.moveType,
    movers: r.movers,
    request_address: entry.addresses.map((a) => ({
      id: a.id,
      address_type: a.addressType,
      complete_address: a.completeAddress,
      zip_code: a.zipCode,
      latitude: a.latitude,
      longitude: a.longitude,
    })),
    item_count: row.itemCount,
    final_amount: centsToDollars(r.finalAmountCents),
    customer: {
      first_name: row.firstName,
      last_name: row.lastName,
      email: contact ? row.email : null,
      phone: contact ? row.phone : null,
    },
  };
}
