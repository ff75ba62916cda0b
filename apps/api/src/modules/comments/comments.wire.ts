import type { CommentThread } from '@movehub/shared';

/*
 * The comment thread as spec/request-lifecycle.md §3 "Comment" shows it: top-level comments
 * (parent_comment and its profile) with their replies (child_comments), oldest first.
 */

/** sender_type of a comment (spec §3: 0 means company, otherwise customer). */
export const SenderType = { company: 0, customer: 1 } as const;

/** A stored comment with its sender, as the one query of a thread reads it. */
export interface CommentRow {
  id: number;
  requestId: number;
  parentId: number | null;
  senderType: number;
  comment: string;
  updatedAt: Date;
  sender: {
    firstName: string;
    lastName: string;
    profilePicture: string | null;
    customerRating: number;
  } | null;
  /** The sender's company profile; present for a company's comment. */
  senderCompany: { name: string; profilePicture: string | null; rating: number } | null;
}

type Profile = CommentThread['parent_comment_profile'];

/** A company shows its name, picture and rating; a customer their name, picture and rating. */
function profileOf(row: CommentRow, hideCustomer: boolean): Profile {
  const person = row.sender;
  const personName = person ? `${person.firstName} ${person.lastName}`.trim() : '';
  if (row.senderType === SenderType.company) {
    const company = row.senderCompany;
    return {
      name: company?.name ?? personName,
      profile_url: company?.profilePicture ?? person?.profilePicture ?? null,
      company_rating: company?.rating ?? null,
      customer_rating: null,
    };
  }
  if (hideCustomer) {
    return { name: 'Customer', profile_url: null, company_rating: null, customer_rating: null };
  }
  return {
    name: personName,
    profile_url: person?.profilePicture ?? null,
    company_rating: null,
    customer_rating: person?.customerRating ?? null,
  };
}

/** Rows in id order → threads: each top-level comment with its replies, oldest first. */
export function toCommentThreads(
  rows: readonly CommentRow[],
  opts: { hideCustomer: boolean } = { hideCustomer: false },
): CommentThread[] {
  const threads: CommentThread[] = [];
  const byId = new Map<number, CommentThread>();
  for (const row of rows) {
    if (row.parentId !== null) continue;
    const thread: CommentThread = {
      parent_comment: {
        id: row.id,
        request_id: row.requestId,
        comment: row.comment,
        updated_at: row.updatedAt.toISOString(),
        sender_type: row.senderType,
      },
      parent_comment_profile: profileOf(row, opts.hideCustomer),
      child_comments: [],
    };
    byId.set(row.id, thread);
    threads.push(thread);
  }
  for (const row of rows) {
    if (row.parentId === null) continue;
    byId.get(row.parentId)?.child_comments.push({
      child_comment: {
        id: row.id,
        comment: row.comment,
        updated_at: row.updatedAt.toISOString(),
        sender_type: row.senderType,
      },
      child_comment_profile: profileOf(row, opts.hideCustomer),
    });
  }
  return threads;
}
