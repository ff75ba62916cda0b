import {
  ChatType,
  isChatEnabled,
  isDirectRequest,
  jobShowsContact,
  toSpecDate,
  type JobDetail,
  type JobLetter,
  type JobSummary,
} from '@movehub/shared';
import { centsToDollars } from '../../lib/wire';
import type {
  AddressProposal,
  ChangeRow,
  ItemsProposal,
  RequestProposal,
} from '../../domain/request/changes';
import { toChangeProposal } from '../changes/changes.wire';
import { toCommentThreads, type CommentRow } from '../comments/comments.wire';
import { toServerAddress, toServerItem } from '../requests/requests.wire';
import type { JobAddressRow, JobDetailData, JobRow } from './partner-jobs.service';

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

const EXTRA_ITEM = '2';

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/** What a change changes, in a line of words, from its stored proposal. */
export function describeChange(row: ChangeRow): string {
  switch (row.type) {
    case 'request': {
      const p = row.proposal as RequestProposal;
      const parts = [
        p.moveDate ? `date ${toSpecDate(p.moveDate)}` : null,
        p.windowFrom && p.windowTo
          ? `time ${p.windowFrom}–${p.windowTo}`
          : p.moveTime
            ? `time ${p.moveTime}`
            : null,
        p.movers ? plural(p.movers, 'mover') : null,
      ].filter(Boolean);
      return parts.length > 0 ? `New ${parts.join(', ')}` : 'New price';
    }
    case 'address': {
      const p = row.proposal as AddressProposal;
      const parts = [
        p.add.length ? `${plural(p.add.length, 'address', 'addresses')} added` : null,
        p.edit.length ? `${plural(p.edit.length, 'address', 'addresses')} changed` : null,
        p.remove.length ? `${plural(p.remove.length, 'address', 'addresses')} removed` : null,
      ].filter(Boolean);
      return parts.join(', ');
    }
    case 'items':
    case 'extra-items': {
      const p = row.proposal as ItemsProposal;
      const pieces = p.items.reduce((sum, i) => sum + i.quantity, 0);
      const kind = row.type === 'items' ? 'Items' : 'Extra items';
      return `${kind}: ${p.items.map((i) => `${i.name} × ${i.quantity}`).join(', ') || 'none'} (${plural(pieces, 'piece')})`;
    }
  }
}

/** The company's job in full, as POST /api/company/job_detail answers it. */
export function toJobDetail(data: JobDetailData, companyRoomId: string): JobDetail {
  const { row: r, stage } = data;
  const direct = isDirectRequest({ request_type: r.requestType });
  const contact = jobShowsContact(stage);
  const account = r.customer;
  // A direct request's contact as entered, else its account's (once claimed), as the list does.
  const pick = (entered: string | null, own: string | null | undefined) =>
    (direct ? (entered ?? own) : own) ?? null;
  const crew = r.foreman
    ? { id: r.foreman.id, first_name: r.foreman.firstName, last_name: r.foreman.lastName }
    : null;
  return {
    id: r.id,
    stage,
    request_timeline_status: r.timelineStatus,
    request_status: r.requestStatus,
    additional_status: r.additionalStatus,
    is_direct: direct,
    s_date: toSpecDate(r.moveDate),
    s_time: r.moveTime,
    start_window_from: r.windowFrom,
    start_window_to: r.windowTo,
    move_type: r.moveType?.name ?? null,
    movers: r.movers,
    customer_budget: centsToDollars(r.customerBudgetCents),
    recommend_amount: centsToDollars(r.recommendAmountCents),
    final_amount: centsToDollars(r.finalAmountCents),
    final_comment: r.finalComment,
    request_address: r.addresses.map(toServerAddress),
    request_item: r.items.filter((i) => i.type !== EXTRA_ITEM).map(toServerItem),
    extra_request_items: r.items.filter((i) => i.type === EXTRA_ITEM).map(toServerItem),
    customer: {
      first_name: pick(r.contactFirstName, account?.firstName),
      last_name: pick(r.contactLastName, account?.lastName),
      email: contact ? pick(r.contactEmail, account?.email) : null,
      phone: contact ? pick(r.contactPhone, account?.phone) : null,
    },
    assigned_foreman: crew,
    assigned_trucks: r.trucks.map((t) => ({ id: t.truck.id, name: t.truck.name })),
    letter: direct
      ? {
          sent_at: r.letterSentAt?.toISOString() ?? null,
          signed_at: r.letterSignedAt?.toISOString() ?? null,
          pdf_url: r.letterPdfUrl,
          rate_method: (r.rateMethod as JobLetter['rate_method']) ?? null,
          payment_method: (r.paymentMethod as JobLetter['payment_method']) ?? null,
        }
      : null,
    changes: data.changes.map((c) => ({ ...toChangeProposal(c), summary: describeChange(c) })),
    comments_array: toCommentThreads(r.comments as CommentRow[]),
    chat:
      isChatEnabled(r.timelineStatus) && account?.roomId
        ? {
            room_id: companyRoomId,
            request_id: r.id,
            receiver_room_id: account.roomId,
            type: ChatType.company,
          }
        : null,
    foremen: data.foremen.map((f) => ({
      id: f.id,
      first_name: f.firstName,
      last_name: f.lastName,
    })),
    trucks: data.trucks,
  };
}
