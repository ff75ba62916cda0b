import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { MAX_COMMENT_LENGTH, MSG, canEditClientComment, type RequestDetail } from '@movehub/shared';
import { showToast } from '../../lib/toast';
import { TextInput } from '../../ui/text-input';
import { useEditClientComment } from './use-request-mutations';

/** spec §5: the client comment is required. */
export const CLIENT_COMMENT_REQUIRED = 'Please enter a client comment.';

/**
 * spec §2 client comment, editable below status 6 (edit_final_comment); success shows
 * 'Client comment updated successfully.', a failure the server message as the error snackbar.
 */
export function ClientComment({ request }: { request: RequestDetail['request'] }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const save = useEditClientComment(request.id);

  const startEditing = () => {
    setText(request.final_comment ?? '');
    setError('');
    setEditing(true);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError(CLIENT_COMMENT_REQUIRED);
    const { checkClientComment } = await import('./comment-rules');
    const checked = checkClientComment({ request_id: request.id, final_comment: text });
    if (!checked.ok) return setError(checked.message || CLIENT_COMMENT_REQUIRED);
    setError('');
    save.mutate(checked.value.final_comment, {
      onSuccess: () => {
        showToast(MSG.clientCommentUpdated, 'success');
        setEditing(false);
      },
    });
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="client-comment-heading"
      sx={{ p: 2 }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography id="client-comment-heading" variant="h6" component="h2">
          Client Comment
        </Typography>
        {canEditClientComment(request) && !editing && (
          <Button
            startIcon={<EditOutlinedIcon aria-hidden />}
            onClick={startEditing}
            aria-label="Edit client comment"
          >
            Edit
          </Button>
        )}
      </Stack>
      {editing ? (
        <Stack component="form" noValidate onSubmit={(event) => void submit(event)} spacing={1.5}>
          <TextInput
            id="final-comment"
            name="final_comment"
            label="Client comment"
            value={text}
            onChange={(event) => setText(event.target.value)}
            multiline
            minRows={3}
            required
            autoFocus
            error={Boolean(error)}
            helperText={error || ' '}
            maxLength={MAX_COMMENT_LENGTH}
          />
          <Stack direction="row" spacing={1}>
            <Button
              type="submit"
              variant="contained"
              disabled={save.isPending}
              startIcon={
                save.isPending ? <CircularProgress aria-hidden size={18} color="inherit" /> : null
              }
            >
              Save
            </Button>
            <Button onClick={() => setEditing(false)} disabled={save.isPending}>
              Cancel
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {request.final_comment || 'N/A'}
        </Typography>
      )}
    </Paper>
  );
}
