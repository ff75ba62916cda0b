import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { addCommentBodySchema, MAX_COMMENT_LENGTH, type CommentThread } from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import { useAddJobComment } from './use-job-mutations';
import { FormTextField } from '../../ui/form-text-field';

export const NO_COMMENTS_TEXT = 'No comments yet.';

type CommentForm = z.input<typeof addCommentBodySchema>;

/** A comment or a reply: add_comments's own schema; parent_id 0 for a new thread. */
function CommentBox({
  requestId,
  parentId,
  label,
  action,
  onDone,
}: {
  requestId: number;
  parentId: number;
  label: string;
  action: string;
  onDone?: () => void;
}) {
  const id = useId();
  const send = useAddJobComment();
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
          multiline
          minRows={2}
          fullWidth
          size="small"
          fieldError={errors.comment}
          slotProps={{ htmlInput: { maxLength: MAX_COMMENT_LENGTH } }}
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

function Thread({ thread, open }: { thread: CommentThread; open: boolean }) {
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
 * The job's comment thread (spec/request-lifecycle.md §3 Comment): each comment with its replies,
 * oldest first, and the company's own comment or reply while comments are open.
 */
export function JobComments({
  requestId,
  threads,
  open,
}: {
  requestId: number;
  threads: CommentThread[];
  /** Comments are closed on a cancelled request. */
  open: boolean;
}) {
  return (
    <Stack spacing={2}>
      {threads.length === 0 ? (
        <Typography color="text.secondary">{NO_COMMENTS_TEXT}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 2 }}>
          {threads.map((thread) => (
            <Thread key={thread.parent_comment.id} thread={thread} open={open} />
          ))}
        </Box>
      )}
      {open ? (
        <CommentBox requestId={requestId} parentId={0} label="Your comment" action="Add comment" />
      ) : (
        <Typography color="text.secondary">Comments are closed on this request.</Typography>
      )}
    </Stack>
  );
}
