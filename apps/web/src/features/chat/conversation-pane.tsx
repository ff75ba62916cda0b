import { useId } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { ChatChannel } from '@movehub/shared';
import { MessageForm } from '../../lib/chat/message-form';
import {
  LOAD_OLDER_MESSAGES_LABEL,
  MessageLog,
  OLDER_MESSAGES_ERROR,
} from '../../lib/chat/message-log';
import { useConversationScroll } from '../../lib/chat/use-conversation-scroll';
import { LoadMore } from '../../ui/load-more';
import type { RealtimeStatus } from '../../lib/realtime';
import { requestDetailPath } from '../../lib/request-paths';
import { ChatAvatar, onlineText } from './chat-avatar';
import { addMessageToCache, channelName, chatKeys, messagesQueryOptions } from './chat-api';
import { channelTypeLabel } from './contact-list';

export const NO_MESSAGES_TEXT = 'No messages yet.';
export const RECONNECTING_TEXT = 'Reconnecting to chat…';

export const CLOSED_CONVERSATION_TEXT =
  'This move is over, so no new messages can be sent. The conversation stays here to read.';

/**
 * The open conversation: its header (who, online status, 'Show request', and below 600 px the
 * 'Chat List' back control), the bubbles oldest first, and the message form.
 */
export function ConversationPane({
  channel,
  status,
  onBack,
}: {
  channel: ChatChannel;
  status: RealtimeStatus;
  /** Set in the single-pane layout: goes back to the list. */
  onBack?: () => void;
}) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const name = channelName(channel);
  const online = channel.profile_data.online_status === 1;
  const messages = useInfiniteQuery(messagesQueryOptions(channel));
  const { scrollRef } = useConversationScroll(messages.data);

  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          gap: 1.5,
          px: 2,
          py: 1.25,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {onBack && (
          // A row of its own, so that the name keeps its width on a phone.
          <Box sx={{ width: '100%', mb: -0.5 }}>
            <Button startIcon={<ArrowBackIcon aria-hidden />} onClick={onBack} sx={{ ml: -1 }}>
              Chat List
            </Button>
          </Box>
        )}
        <ChatAvatar picture={channel.profile_data.profile_picture} online={online} />
        <Box sx={{ flex: '1 1 140px', minWidth: 0 }}>
          <Typography
            id={titleId}
            variant="h6"
            component="h2"
            sx={{ fontSize: '1.05rem', lineHeight: 1.3, overflowWrap: 'anywhere' }}
          >
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {channelTypeLabel(channel.type)} · Request #{channel.request_id} · {onlineText(online)}
          </Typography>
        </Box>
        <Button
          component={RouterLink}
          to={requestDetailPath(channel.request_id)}
          variant="outlined"
          size="small"
          sx={{ flexShrink: 0 }}
        >
          Show request
        </Button>
      </Box>

      {status === 'reconnecting' && (
        <Typography
          role="status"
          variant="body2"
          sx={{ px: 2, py: 0.5, bgcolor: 'warning.light', color: 'text.primary' }}
        >
          {RECONNECTING_TEXT}
        </Typography>
      )}

      <Box ref={scrollRef} sx={{ flex: 1, overflowY: 'auto', px: 2, py: 1.5, minHeight: 0 }}>
        {/* Older messages load above, as the reader scrolls up to them. */}
        <LoadMore
          query={messages}
          label={LOAD_OLDER_MESSAGES_LABEL}
          errorMessage={OLDER_MESSAGES_ERROR}
        />
        <MessageLog messages={messages} name={name} emptyText={NO_MESSAGES_TEXT} />
      </Box>

      {channel.is_open ? (
        <MessageForm
          channel={channel}
          onSent={(stored) => {
            addMessageToCache(queryClient, stored);
            void queryClient.invalidateQueries({ queryKey: chatKeys.channels() });
          }}
        />
      ) : (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}
        >
          {CLOSED_CONVERSATION_TEXT}
        </Typography>
      )}
    </Box>
  );
}
