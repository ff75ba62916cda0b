import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ChatMessage } from '@movehub/shared';
import { formatDateTime } from '../lib/format-date';
import { visuallyHidden } from './visually-hidden';

/**
 * One chat message as a bubble: sent (sender_type 1, seen from the reader) on the right, received
 * on the left, with its time. The customer's chat and the partner console's job chat share it.
 */
export function ChatBubble({ message, name }: { message: ChatMessage; name: string }) {
  const sent = message.sender_type === 1;
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: sent ? 'flex-end' : 'flex-start',
        listStyle: 'none',
      }}
    >
      <Box
        sx={{
          maxWidth: '78%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          borderBottomRightRadius: sent ? 4 : undefined,
          borderBottomLeftRadius: sent ? undefined : 4,
          bgcolor: sent ? 'primary.main' : 'grey.100',
          color: sent ? 'primary.contrastText' : 'text.primary',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        <Box component="span" sx={visuallyHidden}>
          {sent ? 'You: ' : `${name}: `}
        </Box>
        {message.message_text}
      </Box>
      <Typography
        component="time"
        dateTime={message.message_datatime}
        variant="caption"
        color="text.secondary"
        sx={{ mt: 0.25, mx: 0.5 }}
      >
        {formatDateTime(message.message_datatime)}
      </Typography>
    </Box>
  );
}
