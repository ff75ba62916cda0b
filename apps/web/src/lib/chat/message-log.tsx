import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ChatMessage } from '@movehub/shared';
import { ChatBubble } from '../../ui/chat-bubble';
import { LoadError } from '../../ui/load-error';
import { PageLoader } from '../../ui/page-loader';

/** The control above a conversation that loads its older messages, and its failure. */
export const LOAD_OLDER_MESSAGES_LABEL = 'Load older messages';
export const OLDER_MESSAGES_ERROR = 'The older messages could not be loaded.';

/**
 * A conversation's messages as both sides show them: loading, an error with Try again, the empty
 * line, or a live log of bubbles (a message that arrives is read out without moving the focus).
 * `name` is the other side's, for the log's label and their bubbles; `emptyText` is each side's.
 */
export function MessageLog({
  messages,
  name,
  emptyText,
}: {
  messages: UseInfiniteQueryResult<ChatMessage[]>;
  name: string;
  emptyText: string;
}) {
  if (messages.isPending) return <PageLoader label="Loading messages" />;
  if (messages.isError) {
    return <LoadError message={messages.error.message} onRetry={messages.refetch} />;
  }
  return (
    <Box role="log" aria-label={`Messages with ${name}`}>
      {messages.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
          {emptyText}
        </Typography>
      ) : (
        <Box
          component="ul"
          sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.25 }}
        >
          {messages.data.map((message) => (
            <ChatBubble key={message.id} message={message} name={name} />
          ))}
        </Box>
      )}
    </Box>
  );
}
