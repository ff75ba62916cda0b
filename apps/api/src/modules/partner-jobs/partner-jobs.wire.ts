import {
  ChatType,
  isChatEnabled,
  isDirectRequest,
  jobShowsContact,
  jobStageOf,
  toSpecDate,
  type JobDetail,
  type JobLetter,
  type JobStage,
  type JobSummary,
} from '@movehub/shared';
import { centsToDollars } from '../../lib/wire';
import type { ChangeRow } from '../../domain/request/changes';
import type {
  AddressProposal,
  ItemsProposal,
  RequestProposal,
} from '../../domain/request/proposals';
import { toChangeProposal } from '../changes/changes.wire';
import { commentThreadPage } from '../comments/comments.service';
import {
  contactOf,
  toForeman,
  toListAddress,
  toServerAddress,
  toServerItems,
  toTruck,
  type Contact,
} from '../../domain/request/read-model';
import type { JobDetailData, JobRow } from './partner-jobs.service';

/*
 * The partner-jobs module's rows to the wire's JobSummary, in one place (ARCHITECTURE.md "The
 * wire contract"). The customer's email and phone leave only at the stages that allow them.
 */

/** A listed job's stage (the shared twin of the list query's stageSql, which lists only jobs). */
function stageOf(r: Pick<JobRow, 'requestType' | 'timelineStatus' | 'requestStatus'>): JobStage {
  return jobStageOf({
    request_type: r.requestType,
    request_timeline_status: r.timelineStatus,
    request_status: r.requestStatus,
  })!;
}

/** The customer as the company sees its job: the name always, the contact at some stages. */
function jobCustomer(contact: Contact, stage: JobStage): JobSummary['customer'] {
  const shown = jobShowsContact(stage);
  return {
    first_name: contact.first_name,
    last_name: contact.last_name,
    email: shown ? contact.email : null,
    phone: shown ? contact.phone : null,
  };
}

export function toJobSummary(r: JobRow): JobSummary {
  const stage = stageOf(r);
  return {
    id: r.id,
    stage,
    request_timeline_status: r.timelineStatus,
    request_status: r.requestStatus,
    additional_status: r.additionalStatus,
    is_direct: isDirectRequest({ request_type: r.requestType }),
    s_date: toSpecDate(r.moveDate),
    s_time: r.moveTime,
    start_window_from: r.windowFrom,
    start_window_to: r.windowTo,
    move_type: r.moveType?.name ?? null,
    movers: r.movers,
    request_address: r.addresses.map(toListAddress),
    item_count: r.itemCount,
    packing_count: r.packingCount,
    final_amount: centsToDollars(r.finalAmountCents),
    customer: jobCustomer(contactOf(r, r.customer), stage),
  };
}

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

/**
 * The company's job in full, as POST /api/company/job_detail answers it. `today` is the service's
 * date (YYYY-MM-DD): with move_date the console applies the move-day window (decision 042).
 */
export function toJobDetail(data: JobDetailData, companyRoomId: string, today: string): JobDetail {
  const { row: r, stage } = data;
  const direct = isDirectRequest({ request_type: r.requestType });
  const account = r.customer;
  const items = toServerItems(r.items);
  const comments = commentThreadPage(r.comments);
  return {
    id: r.id,
    stage,
    request_timeline_status: r.timelineStatus,
    request_status: r.requestStatus,
    additional_status: r.additionalStatus,
    is_direct: direct,
    s_date: toSpecDate(r.moveDate),
    move_date: r.moveDate,
    today_date: today,
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
    request_item: items.request_item,
    extra_request_items: items.extra_request_items,
    customer: jobCustomer(contactOf(r, account), stage),
    assigned_foreman: r.foreman ? toForeman(r.foreman) : null,
    assigned_trucks: r.trucks.map(toTruck),
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
    comments_array: comments.threads,
    comments_next_before_id: comments.next_before_id,
    chat:
      isChatEnabled(r.timelineStatus) && account?.roomId
        ? {
            room_id: companyRoomId,
            request_id: r.id,
            receiver_room_id: account.roomId,
            type: ChatType.company,
          }
        : null,
    foremen: data.foremen.map(toForeman),
    trucks: data.trucks,
  };
}
