import {
  addCommentBodySchema,
  editFinalCommentBodySchema,
  type AddCommentBody,
  type EditFinalCommentBody,
} from '@movehub/shared';

/*
 * The comment forms' rules are the calls' own schemas. This module is loaded when a comment is
 * sent, not with the request's detail, so that the screen loads no schema library (decision 034).
 */

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

function check<T>(
  result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } },
): Checked<T> {
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, message: result.error.issues[0]?.message ?? '' };
}

/** A comment or a reply on the request's thread (add_comments), as the server reads it. */
export const checkComment = (body: AddCommentBody) => check(addCommentBodySchema.safeParse(body));

/** The client comment (edit_final_comment), as the server reads it. */
export const checkClientComment = (body: EditFinalCommentBody) =>
  check(editFinalCommentBodySchema.safeParse(body));
