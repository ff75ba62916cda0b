import { useId, useState, type FormEvent } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  MAX_COMMENT_LENGTH,
  canComment,
  type CommentThread,
  type RequestDetail,
} from '@movehub/shared';
import { formatDateTime } from '../../lib/format-date';
import { useOlderPages } from '../../lib/use-older-pages';
import { LoadMore } from '../../ui/load-more';
import { TextInput } from '../../ui/text-input';
import { detailPageKeys, getComments } from './detail-pages-api';
import { useAddRequestComment } from './use-request-mutations';

export const OLDER_COMMENTS_LABEL = 'Show older comments';
export const OLDER_COMMENTS_ERROR = 'The older comments could not be loaded.';

/** spec §3 Comment: sender_type 0 means company, otherwise customer. */
const COMPANY_SENDER = 0;

type Profile = CommentThread['parent_comment_profile'];

function CommentBody({
  profile,
  comment,
  updatedAt,
  senderType,
}: {
  profile: Profile;
  comment: string;
  updatedAt: string;
  senderType: number;
}) {
  const company = senderType === COMPANY_SENDER;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Avatar src={profile.profile_url ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
        {profile.name.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{profile.name}</Typography>
          <Chip
            size="small"
            label={company ? 'Company' : 'Customer'}
            color={company ? 'primary' : 'default'}
            variant="outlined"
          />
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(updatedAt)}
          </Typography>
        </Stack>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{comment}</Typography>
      </Box>
    </Stack>
  );
}

/** One field and its button: a new comment (parent_id 0) or a reply to a thread. */
function CommentForm({
  requestId,
  parentId,
  label,
  submitLabel,
  onDone,
}: {
  requestId: number;
  parentId: number;
  label: string;
  submitLabel: string;
  onDone?: () => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const fieldId = useId();
  const send = useAddRequestComment(requestId);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { request_id: requestId, comment: text, parent_id: parentId, type: 0 };
    const { checkComment } = await import('./comment-rules');
    const checked = checkComment(body);
    if (!checked.ok) return setError(checked.message);
    setError('');
    send.mutate(
      { ...body, comment: checked.value.comment },
      {
        onSuccess: () => {
          setText('');
          onDone?.();
        },
      },
    );
  };
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      spacing={1}
      sx={{ mt: 1 }}
    >
      <TextInput
        id={fieldId}
        name="comment"
        label={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={2}
        required
        size="small"
        error={Boolean(error)}
        helperText={error || undefined}
        maxLength={MAX_COMMENT_LENGTH}
      />
      <Box>
        <Button
          type="submit"
          variant="contained"
          size="small"
          disabled={send.isPending}
          startIcon={
            send.isPending ? <CircularProgress aria-hidden size={16} color="inherit" /> : null
          }
        >
          {submitLabel}
        </Button>
      </Box>
    </Stack>
  );
}

function Thread({
  thread,
  requestId,
  open,
}: {
  thread: CommentThread;
  requestId: number;
  open: boolean;
}) {
  const [replying, setReplying] = useState(false);
  const parent = thread.parent_comment;
  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <CommentBody
        profile={thread.parent_comment_profile}
        comment={parent.comment}
        updatedAt={parent.updated_at}
        senderType={parent.sender_type}
      />
      {thread.child_comments.length > 0 && (
        <Box
          component="ul"
          aria-label={`Replies to ${thread.parent_comment_profile.name}`}
          sx={{ listStyle: 'none', m: 0, mt: 1, pl: { xs: 2, sm: 5 } }}
        >
          {thread.child_comments.map((child) => (
            <Box component="li" key={child.child_comment.id} sx={{ py: 0.75 }}>
              <CommentBody
                profile={child.child_comment_profile}
                comment={child.child_comment.comment}
                updatedAt={child.child_comment.updated_at}
                senderType={child.child_comment.sender_type}
              />
            </Box>
          ))}
        </Box>
      )}
      {open && (
        <Box sx={{ pl: { xs: 2, sm: 5 } }}>
          {replying ? (
            <CommentForm
              requestId={requestId}
              parentId={parent.id}
              label="Reply"
              submitLabel="Send reply"
              onDone={() => setReplying(false)}
            />
          ) : (
            <Button
              size="small"
              aria-label={`Reply to ${thread.parent_comment_profile.name}`}
              onClick={() => setReplying(true)}
            >
              Reply
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}

/** spec §2: the comments thread with replies (add_comments, parent_id 0 or the parent's id). */
export function CommentsThread({ detail }: { detail: RequestDetail }) {
  const { request } = detail;
  const open = canComment(request);
  // The detail holds the newest threads; older ones load above them, page by page.
  const { older, more } = useOlderPages({
    queryKey: detailPageKeys.comments(request.id, detail.comments_next_before_id),
    start: detail.comments_next_before_id,
    fetchPage: (beforeId, signal) => getComments(request.id, beforeId, signal),
    rowsOf: (page) => page.data,
  });
  const threads = [...older, ...detail.comments_array];
  return (
    <Paper component="section" variant="outlined" aria-labelledby="comments-heading" sx={{ p: 2 }}>
      <Typography id="comments-heading" variant="h6" component="h2">
        Comments
      </Typography>
      <LoadMore query={more} label={OLDER_COMMENTS_LABEL} errorMessage={OLDER_COMMENTS_ERROR} />
      {threads.length === 0 ? (
        <Typography color="text.secondary" sx={{ my: 1 }}>
          No comments yet
        </Typography>
      ) : (
        <Box component="ul" aria-label="Comments" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {threads.map((thread) => (
            <Thread
              key={thread.parent_comment.id}
              thread={thread}
              requestId={request.id}
              open={open}
            />
          ))}
        </Box>
      )}
      {open && (
        <CommentForm
          requestId={request.id}
          parentId={0}
          label="Add a comment"
          submitLabel="Post comment"
        />
      )}
    </Paper>
  );
}
