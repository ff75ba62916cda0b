import { useId, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import SendIcon from '@mui/icons-material/Send';
import { chatMessageTextSchema, type ChatMessage, type ChatObject } from '@movehub/shared';
import { visuallyHidden } from '../../ui/visually-hidden';
import { useSendChatMessage } from './use-send-chat-message';
import { FormTextField } from '../../ui/form-text-field';
import { textArea } from '../../ui/text-area';

const messageFormSchema = z.object({ message: chatMessageTextSchema });

/**
 * The message field and Send of a conversation, the customer's chat and the partner console's
 * alike (spec §5 "Chat: a message is required."). Sends through the
 * socket's sendMessage and waits for its acknowledgement: only then is the field emptied, so a
 * refused or unanswered message stays typed and shows why. A retry of the same text keeps its
 * client_id, so a message whose acknowledgement was lost is stored once.
 */
export function MessageForm({
  channel,
  onSent,
}: {
  /** The conversation: the caller's room, the other side's, the request and the type. */
  channel: ChatObject;
  /** The message as stored: the screen puts it into its own cache. */
  onSent: (stored: ChatMessage) => void;
}) {
  const id = useId();
  const [sendError, setSendError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(messageFormSchema), defaultValues: { message: '' } });
  const { ref, ...messageField } = register('message');

  const send = useSendChatMessage(channel);

  const submit = handleSubmit((values) => {
    if (send.isPending) return;
    setSendError(null);
    send.mutate(values.message.trim(), {
      onSuccess: (stored) => {
        onSent(stored);
        reset({ message: '' });
      },
      onError: (error) => setSendError(error.message),
    });
  });

  // Enter sends, Shift+Enter starts a new line (and an input method's Enter is left alone).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-busy={send.isPending}
      onSubmit={(event) => void submit(event)}
      sx={{ borderTop: 1, borderColor: 'divider', p: 1.5 }}
    >
      {sendError && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => setSendError(null)}>
          {sendError}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <FormTextField
          {...messageField}
          inputRef={ref}
          id={`${id}-message`}
          label="Message"
          placeholder="Type a message"
          {...textArea(1, {
            maxRows: 5,
            htmlInput: {
              // MUI's own helper-text reference, kept beside the keyboard hint.
              'aria-describedby': errors.message
                ? `${id}-message-helper-text ${id}-hint`
                : `${id}-hint`,
            },
          })}
          fullWidth
          size="small"
          onKeyDown={onKeyDown}
          fieldError={errors.message}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={send.isPending}
          endIcon={
            send.isPending ? (
              <CircularProgress size={16} color="inherit" aria-hidden />
            ) : (
              <SendIcon aria-hidden />
            )
          }
          sx={{ flexShrink: 0, mt: 0.25 }}
        >
          Send
        </Button>
      </Box>
      <Box id={`${id}-hint`} sx={visuallyHidden}>
        Enter sends the message; Shift and Enter start a new line.
      </Box>
    </Box>
  );
}
