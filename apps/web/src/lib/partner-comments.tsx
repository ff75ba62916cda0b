import { useId, useState } from 'react';
import { useMutation, type QueryKey } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  addCommentBodySchema,
  MAX_COMMENT_LENGTH,
  type AddCommentBody,
  type CommentThread,
} from '@movehub/shared';
import { FormTextField } from '../ui/form-text-field';
import { LoadMore } from '../ui/load-more';
import { errorMessage } from './api-client';
import { formatDateTime } from './format-date';
import { callPartnerApi } from './partner-api';
import { useOlderPages } from './use-older-pages';
import { textArea } from '../ui/text-area';

/*
 * A request's comment thread as the company takes part in it (spec/request-lifecycle.md §3
 * Comment): on an open request it is pricing (the questions every bidder reads, the customer
 * named only 'Customer') and on a job it has won. The screen says what to read again once a
 * comment is stored.
 */

export const NO_COMMENTS_TEXT = 'No comments yet.';
export const COMMENTS_CLOSED_TEXT = 'Comments are closed on this request.';
export const OLDER_COMMENTS_LABEL = 'Show older comments';
export const OLDER_COMMENTS_ERROR = 'The older comments could not be loaded.';

/** Threads asked per older page. */
const COMMENTS_PAGE_SIZE = 20;

/** POST /app_api/get_comments with the partner session: threads older than before_id. */
function getPartnerComments(requestId: number, beforeId: number, signal: AbortSignal) {
  return callPartnerApi('POST /app_api/get_comments', {
    body: { request_id: requestId, limit: COMMENTS_PAGE_SIZE, before_id: beforeId },
    signal,
    suppressToast: true,
  });
}

type CommentForm = z.input<typeof addCommentBodySchema>;

/** POST /app_api/add_comments with the partner session: the form shows a refusal itself. */
function addPartnerComment(body: AddCommentBody) {
  return callPartnerApi('POST /app_api/add_comments', { body, suppressToast: true });
}

/**
 * add_comments, then `onSent` (the screen's queries read again) before the form clears; after a
 * refusal too, since it means the request moved on (taken, cancelled).
 */
function useAddPartnerComment(onSent: () => Promise<unknown>) {
  return useMutation({
    mutationFn: addPartnerComment,
    onSuccess: () => onSent(),
    onError: () => void onSent(),
  });
}

/** A comment or a reply: add_comments's own schema; parent_id 0 for a new thread. */
function CommentBox({
  requestId,
  parentId,
  label,
  action,
  onSent,
  onDone,
}: {
  requestId: number;
  parentId: number;
  label: string;
  action: string;
  onSent: () => Promise<unknown>;
  onDone?: () => void;
}) {
  const id = useId();
  const send = useAddPartnerComment(onSent);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CommentForm, unknown, z.output<typeof addCommentBodySchema>>({
    resolver: zodResolver(addCommentBodySchema),
    defaultValues: { request_id: requestId, parent_id: parentId, comment: '' },
  });
  const failure = send.isError ? errorMessage(send.error) : null;
  const submit = handleSubmit((values) => {
    if (send.isPending) return;
    send.mutate(values, {
      onSuccess: () => {
        reset({ request_id: requestId, parent_id: parentId, comment: '' });
        onDone?.();
      },
    });
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={send.isPending}
    >
      <Stack spacing={1}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <FormTextField
          {...register('comment')}
          id={`${id}-comment`}
          label={label}
          {...textArea(2, { htmlInput: { maxLength: MAX_COMMENT_LENGTH } })}
          fullWidth
          size="small"
          fieldError={errors.comment}
        />
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            type="submit"
            variant="outlined"
            size="small"
            disabled={send.isPending}
            startIcon={
              send.isPending ? (
                <CircularProgress aria-hidden size={16} color="inherit" />
              ) : undefined
            }
          >
            {action}
          </Button>
          {onDone && (
            <Button size="small" onClick={onDone} disabled={send.isPending}>
              Cancel
            </Button>
          )}
        </Box>
      </Stack>
    </Box>
  );
}

function CommentText({ name, text, at }: { name: string; text: string; at: string }) {
  return (
    <>
      <Typography variant="subtitle2" component="p">
        {name}{' '}
        <Typography component="time" dateTime={at} variant="caption" color="text.secondary">
          {formatDateTime(at)}
        </Typography>
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
    </>
  );
}

function Thread({
  thread,
  open,
  onSent,
}: {
  thread: CommentThread;
  open: boolean;
  onSent: () => Promise<unknown>;
}) {
  const [replying, setReplying] = useState(false);
  const parent = thread.parent_comment;
  return (
    <Box component="li" sx={{ listStyle: 'none', borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
      <CommentText
        name={thread.parent_comment_profile.name}
        text={parent.comment}
        at={parent.updated_at}
      />
      {thread.child_comments.length > 0 && (
        <Box component="ul" sx={{ pl: 2, mt: 1, mb: 0, display: 'grid', gap: 1 }}>
          {thread.child_comments.map((child) => (
            <Box component="li" key={child.child_comment.id} sx={{ listStyle: 'none' }}>
              <CommentText
                name={child.child_comment_profile.name}
                text={child.child_comment.comment}
                at={child.child_comment.updated_at}
              />
            </Box>
          ))}
        </Box>
      )}
      {open &&
        (replying ? (
          <Box sx={{ mt: 1 }}>
            <CommentBox
              requestId={parent.request_id}
              parentId={parent.id}
              label="Your reply"
              action="Reply"
              onSent={onSent}
              onDone={() => setReplying(false)}
            />
          </Box>
        ) : (
          <Button size="small" onClick={() => setReplying(true)} sx={{ mt: 0.5 }}>
            Reply
          </Button>
        ))}
    </Box>
  );
}

/**
 * A request's comment thread: each comment with its replies, oldest first, and the company's own
 * comment or reply while comments are open. `onSent` reads the screen's queries again.
 */
export function PartnerComments({
  requestId,
  threads,
  open,
  onSent,
  commentLabel = 'Your comment',
  composeLabel,
  nextBeforeId = null,
  pagesKey,
}: {
  requestId: number;
  /** The newest threads, as the screen's answer embeds them. */
  threads: CommentThread[];
  /** The answer's comments_next_before_id: older threads load above from there. */
  nextBeforeId?: number | null;
  /** Where the older pages are kept: under the screen's own queries, naming nextBeforeId. */
  pagesKey: QueryKey;
  /** Comments are closed on a cancelled request. */
  open: boolean;
  onSent: () => Promise<unknown>;
  commentLabel?: string;
  /**
   * The new comment's field opens behind a button of this name (a list of many requests draws
   * no form per request); without it the field is always there.
   */
  composeLabel?: string;
}) {
  const [composing, setComposing] = useState(false);
  const { older, more } = useOlderPages({
    queryKey: pagesKey,
    start: nextBeforeId,
    fetchPage: (beforeId, signal) => getPartnerComments(requestId, beforeId, signal),
    rowsOf: (page) => page.data,
  });
  const all = [...older, ...threads];
  const compose =
    composeLabel && !composing ? (
      <Box>
        <Button size="small" variant="outlined" onClick={() => setComposing(true)}>
          {composeLabel}
        </Button>
      </Box>
    ) : (
      <CommentBox
        requestId={requestId}
        parentId={0}
        label={commentLabel}
        action="Add comment"
        onSent={onSent}
        {...(composeLabel ? { onDone: () => setComposing(false) } : {})}
      />
    );
  return (
    <Stack spacing={2}>
      <LoadMore query={more} label={OLDER_COMMENTS_LABEL} errorMessage={OLDER_COMMENTS_ERROR} />
      {all.length === 0 ? (
        <Typography color="text.secondary">{NO_COMMENTS_TEXT}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 2 }}>
          {all.map((thread) => (
            <Thread key={thread.parent_comment.id} thread={thread} open={open} onSent={onSent} />
          ))}
        </Box>
      )}
      {open ? compose : <Typography color="text.secondary">{COMMENTS_CLOSED_TEXT}</Typography>}
    </Stack>
  );
}
