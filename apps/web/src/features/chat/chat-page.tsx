import { useEffect, useRef } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CHAT_SINGLE_PANE_PX, CHAT_TEXT, type ChatChannel } from '@movehub/shared';
import { chatSelectionFromSearch } from '../../lib/chat-link';
import { useRealtime } from '../../lib/realtime';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LoadError } from '../../ui/load-error';
import { PageLoader } from '../../ui/page-loader';
import { changeChatStatus, channelsQueryOptions, markReadInCache } from './chat-api';
import { ContactList } from './contact-list';
import { ConversationPane } from './conversation-pane';

/** spec/portal.md §9: below 600 px the list and the conversation take turns. */
export const SINGLE_PANE_MEDIA_QUERY = `(max-width:${CHAT_SINGLE_PANE_PX - 0.05}px)`;
export const SELECT_CONVERSATION_TEXT = 'Select a conversation to start chatting.';
const LIST_WIDTH = 320;

/**
 * /dashboard/chats (spec/portal.md "Chat"): a profile header and the contact list beside the open
 * conversation. The open conversation is the query string's request_id and type (the Chat
 * buttons of a request link there); one the list does not hold (chat not open for that request)
 * leaves the list alone on screen with a note. Opening a conversation marks it read, and so does
 * an unread count that grows while it is open (the live messages themselves are marked by the
 * dashboard's message watcher).
 */
export function ChatPage() {
  useDocumentTitle('Chat');
  const queryClient = useQueryClient();
  const { status } = useRealtime();
  const singlePane = useMediaQuery(SINGLE_PANE_MEDIA_QUERY, { noSsr: true });
  const [searchParams, setSearchParams] = useSearchParams();
  const selection = chatSelectionFromSearch(searchParams);
  const channels = useInfiniteQuery(channelsQueryOptions());
  const conversationRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const list = channels.data?.channels ?? [];
  const selected: ChatChannel | null =
    (selection &&
      list.find((c) => c.request_id === selection.request_id && c.type === selection.type)) ??
    null;
  // A conversation asked for by a link may be on a page not read yet: read on until it shows.
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = channels;
  const looking = selection !== null && channels.isSuccess && selected === null && hasNextPage;
  useEffect(() => {
    if (looking && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [looking, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const notOpen = selection !== null && channels.isSuccess && selected === null && !hasNextPage;

  const selectedKey = selected ? `${selected.request_id}:${selected.type}` : null;
  const hasUnread = (selected?.unread_messages ?? 0) > 0;
  const markedKey = useRef<string | null>(null);
  useEffect(() => {
    if (!selected || !selectedKey) {
      markedKey.current = null;
      return;
    }
    if (markedKey.current === selectedKey && !hasUnread) return;
    markedKey.current = selectedKey;
    void changeChatStatus(selected)
      .catch(() => undefined)
      .then(() => markReadInCache(queryClient, selected));
    // The channel object changes with every refetch; its key and unread state are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedKey, hasUnread, queryClient]);

  const select = (channel: ChatChannel) => {
    setSearchParams({ request_id: String(channel.request_id), type: String(channel.type) });
    // Straight to typing; in the single-pane layout the field appears with the conversation.
    requestAnimationFrame(() =>
      conversationRef.current?.querySelector<HTMLElement>('textarea[name="message"]')?.focus(),
    );
  };
  const backToList = () => {
    const left = selectedKey?.replace(':', '-');
    setSearchParams({});
    // Back on the conversation just left, as a list's own back button would.
    requestAnimationFrame(() => {
      const list = listRef.current;
      (
        list?.querySelector<HTMLElement>(`[data-channel="${left}"]`) ??
        list?.querySelector<HTMLElement>('[data-channel]')
      )?.focus();
    });
  };

  const showList = !singlePane || selected === null;
  const showConversation = !singlePane || selected !== null;

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Chat
      </Typography>

      {channels.isPending ? (
        <PageLoader label="Loading conversations" />
      ) : channels.isError ? (
        <LoadError message={channels.error.message} onRetry={channels.refetch} />
      ) : (
        <>
          {notOpen && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {CHAT_TEXT.chatClosed}
            </Alert>
          )}
          <Paper
            variant="outlined"
            sx={{
              display: 'flex',
              overflow: 'hidden',
              height: { xs: 'calc(100dvh - 176px)', sm: 'calc(100dvh - 200px)' },
              minHeight: 420,
            }}
          >
            {showList && (
              <Box
                ref={listRef}
                sx={{
                  width: singlePane ? '100%' : LIST_WIDTH,
                  flexShrink: 0,
                  borderRight: singlePane ? 0 : 1,
                  borderColor: 'divider',
                  minHeight: 0,
                }}
              >
                <ContactList
                  channels={list}
                  profile={channels.data.profile}
                  selected={selected}
                  onSelect={select}
                  more={channels}
                />
              </Box>
            )}
            {showConversation && (
              <Box ref={conversationRef} sx={{ flex: 1, minWidth: 0, minHeight: 0 }}>
                {selected ? (
                  <ConversationPane
                    key={`${selected.request_id}-${selected.type}`}
                    channel={selected}
                    status={status}
                    onBack={singlePane ? backToList : undefined}
                  />
                ) : (
                  <Box
                    sx={{
                      height: '100%',
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      p: 3,
                    }}
                  >
                    <Typography color="text.secondary">{SELECT_CONVERSATION_TEXT}</Typography>
                  </Box>
                )}
              </Box>
            )}
          </Paper>
        </>
      )}
    </Box>
  );
}
