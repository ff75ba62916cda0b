import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CHAT_TEXT,
  NEW_MESSAGE_SNACK_MS,
  type ChannelsBody,
  type ChatChannel,
  type ChatMessage,
  type ConversationBody,
  type GetMessagesBody,
} from '@movehub/shared';
import { setSession } from '../../lib/storage';
import { getToast } from '../../lib/toast';
import { fakeSocketWrapper, storedMessage } from '../../test/fake-socket';
import { stubFetch } from '../../test/fetch-stub';
import { buildCounts, buildUser } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { dashboardStubs } from '../../test/sessions';
import { NOT_CONNECTED_MESSAGE, SEND_TIMEOUT_MESSAGE } from '../../lib/chat/send-chat-message';
import { SELECT_CONVERSATION_TEXT } from './chat-page';
import { CLOSED_CONVERSATION_TEXT } from './conversation-pane';

const ME = 'room-1';

function buildChannel(overrides: Partial<ChatChannel> = {}): ChatChannel {
  return {
    room_id: ME,
    request_id: 42,
    receiver_room_id: 'room-company',
    type: 0,
    profile_data: {
      room_id: 'room-company',
      name: 'Swift Movers',
      profile_picture: 'swift.png',
      online_status: 1,
    },
    unread_messages: 0,
    last_message_at: '2026-03-15T10:05:00.000Z',
    is_open: true,
    ...overrides,
  };
}

const company = buildChannel({ unread_messages: 2 });
const foreman = buildChannel({
  request_id: 42,
  type: 2,
  receiver_room_id: 'room-foreman',
  profile_data: {
    room_id: 'room-foreman',
    first_name: 'Mike',
    last_name: 'Lopez',
    profile_picture: null,
    online_status: 0,
  },
  last_message_at: '2026-03-15T09:00:00.000Z',
});

function buildMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 1,
    request_id: 42,
    message_text: 'Hello, we will be there at 8.',
    message_type: 0,
    message_datatime: '2026-03-15T10:00:00.000Z',
    message_status: 0,
    sender_type: 0,
    is_active: true,
    sender_id: 'room-company',
    receiver_id: ME,
    receive_type: 0,
    ...overrides,
  };
}

const companyThread = [
  buildMessage({ id: 1, message_text: 'Hello, we will be there at 8.' }),
  buildMessage({
    id: 2,
    sender_type: 1,
    sender_id: ME,
    receiver_id: 'room-company',
    message_text: 'Great, see you then.',
    message_datatime: '2026-03-15T10:05:00.000Z',
  }),
];

/** A narrow screen: the chat's single-pane query (and the dashboard's mobile one) match. */
function narrowScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

/**
 * The chat screen inside the dashboard's realtime provider and message watcher, against a server
 * that holds these channels and messages; change_chat_status clears a channel's unread count.
 */
function renderChat({
  at = '/dashboard/chats',
  channels = [company],
  foremen = [foreman],
  messages = { '42-0': companyThread } as Record<string, ChatMessage[]>,
  olderChannels = [] as ChatChannel[],
}: {
  at?: string;
  channels?: ChatChannel[];
  foremen?: ChatChannel[];
  /** Each conversation's messages, oldest first: get_messages pages them as the server does. */
  messages?: Record<string, ChatMessage[]>;
  /** Conversations on a second page of channels, older than every one of the first. */
  olderChannels?: ChatChannel[];
} = {}) {
  const user = buildUser({ room_id: ME });
  setSession('token-abc', user);
  const server = { company: channels, foreman: foremen };
  const http = stubFetch({
    // The dashboard's own calls (its chat link's dot reads the channels below), My Requests.
    ...dashboardStubs(user),
    'POST /api/customer/get_customer_request': {
      code: 200,
      data: [],
      request_count: buildCounts(),
      next_before_id: null,
    },
    'POST /app_api/channels': (body) => {
      const profile = {
        room_id: ME,
        first_name: 'Dana',
        last_name: 'Mover',
        profile_picture: null,
      };
      if ((body as ChannelsBody | undefined)?.before_id !== undefined) {
        return {
          code: 200,
          request_data: olderChannels,
          request_data_foreman: [],
          profile,
          next_before_id: null,
        };
      }
      return {
        code: 200,
        request_data: server.company,
        request_data_foreman: server.foreman,
        profile,
        next_before_id: olderChannels.length > 0 ? 42 : null,
      };
    },
    'POST /app_api/get_messages': (body) => {
      const { request_id, type, limit = 50, before_id } = body as GetMessagesBody;
      // Keyset, as the server: the newest `limit` older than before_id, oldest first.
      const all = messages[`${request_id}-${type}`] ?? [];
      const older = all.filter((m) => before_id === undefined || m.id < Number(before_id));
      const page = older.slice(-limit);
      return {
        code: 200,
        getchatdata: page,
        next_before_id: older.length > page.length ? page[0]!.id : null,
      };
    },
    'POST /app_api/change_chat_status': (body) => {
      const { request_id, type } = body as ConversationBody;
      const clear = (list: ChatChannel[]) =>
        list.map((c) =>
          c.request_id === request_id && c.type === type ? { ...c, unread_messages: 0 } : c,
        );
      server.company = clear(server.company);
      server.foreman = clear(server.foreman);
      return { code: 200, message: 'Success' };
    },
  });
  // The dashboard's layout holds the realtime connection (here a fake socket) and the watcher
  // of new messages.
  const { connector, wrapper } = fakeSocketWrapper();
  const view = renderApp(at, { wrapper });
  const connected = async () => {
    const socket = await connector.opened();
    await socket.serverConnects();
    return socket;
  };
  return { ...http, ...view, server, connector, connected };
}

const posts = (calls: ReturnType<typeof stubFetch>['calls'], path: string) =>
  calls.filter((call) => call.path === path);

beforeAll(() => preloadScreens('/dashboard/chats', '/dashboard/my-requests'), 60_000);

describe('ChatPage', () => {
  it('lists the company and foreman conversations with names, status and unread counts', async () => {
    const { container } = renderChat();
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Chat List' });
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      'Swift MoversCompany · Request #42 · Online2 unread messages',
      'Mike LopezForeman · Request #42 · Offline',
    ]);
    // The profile header, a picture when there is one, a placeholder otherwise.
    expect(within(screen.getByRole('main')).getByText('Dana Mover')).toBeInTheDocument();
    expect(container.querySelector('img[src="/uploads/swift.png"]')).not.toBeNull();
    expect(screen.getByText(SELECT_CONVERSATION_TEXT)).toBeInTheDocument();
    expect(document.title).toBe('Chat | MoveHub');
  });

  it('says so when there is no conversation yet', async () => {
    renderChat({ channels: [], foremen: [] });
    expect(await screen.findByText(/No conversations yet/)).toBeInTheDocument();
  });

  it('opens a conversation: sent and received bubbles with times, Show request, and marks it read', async () => {
    const { calls, router } = renderChat();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Swift Movers/ }));

    expect(router.state.location.search).toBe('?request_id=42&type=0');
    const pane = screen.getByRole('region', { name: 'Swift Movers' });
    const log = await within(pane).findByRole('log', { name: 'Messages with Swift Movers' });
    const bubbles = within(log).getAllByRole('listitem');
    expect(bubbles.map((b) => b.textContent)).toEqual([
      expect.stringMatching(
        /^Swift Movers: Hello, we will be there at 8\.Mar 15th 26, \d+:00 [AP]M$/,
      ),
      expect.stringMatching(/^You: Great, see you then\.Mar 15th 26, \d+:05 [AP]M$/),
    ]);
    expect(bubbles[1]!.querySelector('time')).toHaveAttribute(
      'datetime',
      '2026-03-15T10:05:00.000Z',
    );
    expect(within(pane).getByRole('link', { name: 'Show request' })).toHaveAttribute(
      'href',
      '/dashboard/my-requests/42',
    );
    await waitFor(() =>
      expect(posts(calls, '/app_api/change_chat_status').map((c) => c.body)).toEqual([
        { socket_id: 'room-company', request_id: 42, type: 0 },
      ]),
    );
    expect(posts(calls, '/app_api/get_messages')[0]!.body).toEqual({
      socket_id: 'room-company',
      request_id: 42,
      type: 0,
      limit: 50,
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Swift Movers/ })).not.toHaveTextContent('unread'),
    );
    // The message field has the focus, ready to type.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus());
  });

  it('loads older messages above the conversation when the reader asks, keeping their order', async () => {
    // 60 messages: the first page holds the newest 50, the older 10 wait above.
    const long = Array.from({ length: 60 }, (_, i) =>
      buildMessage({
        id: i + 1,
        message_text: `Message ${i + 1}`,
        message_datatime: new Date(Date.UTC(2026, 2, 15, 9, i)).toISOString(),
      }),
    );
    const { calls } = renderChat({
      at: '/dashboard/chats?request_id=42&type=0',
      messages: { '42-0': long },
    });
    const pane = await screen.findByRole('region', { name: 'Swift Movers' });
    const log = await within(pane).findByRole('log', { name: 'Messages with Swift Movers' });
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(50));
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('Message 11');

    await userEvent
      .setup()
      .click(within(pane).getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(60));
    const texts = within(log)
      .getAllByRole('listitem')
      .map((b) => b.textContent!.match(/Message \d+/)![0]);
    expect(texts).toEqual(long.map((m) => m.message_text));
    expect(posts(calls, '/app_api/get_messages').at(-1)!.body).toMatchObject({ before_id: 11 });
    // The first message reached: nothing more to load.
    expect(within(pane).queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it('loads the next page of conversations at the end of the list', async () => {
    const older = buildChannel({
      request_id: 7,
      receiver_room_id: 'room-old',
      profile_data: {
        room_id: 'room-old',
        name: 'Old Town Movers',
        profile_picture: null,
        online_status: 0,
      },
      last_message_at: '2026-01-02T10:00:00.000Z',
    });
    const { calls } = renderChat({ olderChannels: [older] });
    const list = await screen.findByRole('list', { name: 'Chat List' });
    expect(within(list).queryByRole('button', { name: /Old Town Movers/ })).toBeNull();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Load more conversations' }));
    expect(
      await within(list).findByRole('button', { name: /Old Town Movers/ }),
    ).toBeInTheDocument();
    expect(posts(calls, '/app_api/channels').at(-1)!.body).toEqual({ limit: 30, before_id: 42 });
    expect(screen.queryByRole('button', { name: 'Load more conversations' })).toBeNull();
  });

  it('opens the conversation the address names (a Chat button of a request)', async () => {
    renderChat({ at: '/dashboard/chats?request_id=42&type=2' });
    const pane = await screen.findByRole('region', { name: 'Mike Lopez' });
    expect(within(pane).getByText('Foreman · Request #42 · Offline')).toBeInTheDocument();
    expect(await within(pane).findByText('No messages yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Mike Lopez/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('keeps a finished move’s conversation to read, without the message form', async () => {
    const finished = buildChannel({ is_open: false });
    renderChat({ channels: [finished], foremen: [] });
    const item = await screen.findByRole('button', { name: /Swift Movers/ });
    expect(item).toHaveTextContent('Company · Request #42 · Move over');
    await userEvent.click(item);
    const pane = screen.getByRole('region', { name: 'Swift Movers' });
    const log = await within(pane).findByRole('log', { name: 'Messages with Swift Movers' });
    expect(within(log).getAllByRole('listitem')).toHaveLength(2);
    expect(within(pane).getByText(CLOSED_CONVERSATION_TEXT)).toBeInTheDocument();
    expect(within(pane).queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByText(/No conversations yet/)).not.toBeInTheDocument();
  });

  it('shows the list with a note when chat is not open for the requested conversation', async () => {
    renderChat({ at: '/dashboard/chats?request_id=77&type=0' });
    expect(await screen.findByText(CHAT_TEXT.chatClosed)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Chat List' })).toBeInTheDocument();
    expect(screen.getByText(SELECT_CONVERSATION_TEXT)).toBeInTheDocument();
  });

  it('requires a message before sending', async () => {
    const { connected } = renderChat({ at: '/dashboard/chats?request_id=42&type=0' });
    const socket = await connected();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText(CHAT_TEXT.messageRequired)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '   {Enter}');
    expect(screen.getByText(CHAT_TEXT.messageRequired)).toBeInTheDocument();
    expect(socket.count('sendMessage')).toBe(0);
  });

  it('sends through the socket, shows the stored message and empties the field', async () => {
    const { connected } = renderChat({ at: '/dashboard/chats?request_id=42&type=0' });
    const socket = await connected();
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(field, 'Can you bring blankets?{Enter}');

    const log = screen.getByRole('log', { name: 'Messages with Swift Movers' });
    expect(await within(log).findByText('Can you bring blankets?')).toBeInTheDocument();
    expect(field).toHaveValue('');
    const sent = socket.emitted.filter((e) => e.event === 'sendMessage');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.args[0]).toEqual({
      client_id: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      sender_id: ME,
      room_id: ME,
      receiver_id: 'room-company',
      receive_type: 0,
      request_id: 42,
      message: 'Can you bring blankets?',
    });
  });

  it('keeps the typed text and shows why when the server refuses the message, and resends it once', async () => {
    const { connected } = renderChat({ at: '/dashboard/chats?request_id=42&type=0' });
    const socket = await connected();
    socket.sendReply = () => ({ code: 400, message: CHAT_TEXT.chatClosed });
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(field, 'Are you on your way?');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(CHAT_TEXT.chatClosed);
    expect(field).toHaveValue('Are you on your way?');

    // The same text again is the same message: its client_id stays, so it is stored once.
    socket.sendReply = (message) => ({
      code: 200,
      message: 'Sent',
      data: buildMessage({
        id: 99,
        sender_type: 1,
        sender_id: ME,
        receiver_id: 'room-company',
        message_text: message.message,
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(field).toHaveValue(''));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const ids = socket.emitted
      .filter((e) => e.event === 'sendMessage')
      .map((e) => (e.args[0] as { client_id: string }).client_id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  it('says the message was not sent when no acknowledgement comes', async () => {
    const { connected } = renderChat({ at: '/dashboard/chats?request_id=42&type=0' });
    const socket = await connected();
    socket.sendReply = () => 'no-answer';
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(field, 'Hello?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(SEND_TIMEOUT_MESSAGE);
    expect(field).toHaveValue('Hello?');
  });

  it('waits for the first connection of a tab just opened, then sends', async () => {
    // The server keeps what it stores: the conversation read again on connecting holds it.
    const thread = [...companyThread];
    const { connector } = renderChat({
      at: '/dashboard/chats?request_id=42&type=0',
      messages: { '42-0': thread },
    });
    const socket = await connector.opened();
    socket.sendReply = (message) => {
      const stored = storedMessage(message);
      thread.push(stored);
      return { code: 200, message: 'Sent', data: stored };
    };
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(field, 'Thanks, see you then.{Enter}');
    expect(socket.count('sendMessage')).toBe(0);

    await socket.serverConnects();
    const log = screen.getByRole('log', { name: 'Messages with Swift Movers' });
    expect(await within(log).findByText('Thanks, see you then.')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(socket.count('sendMessage')).toBe(1);
    expect(screen.queryByText(NOT_CONNECTED_MESSAGE)).not.toBeInTheDocument();
  });

  it('sends nothing while the socket is down, and says so', async () => {
    const { connected } = renderChat({ at: '/dashboard/chats?request_id=42&type=0' });
    const socket = await connected();
    await socket.serverDrops();
    expect(await screen.findByText('Reconnecting to chat…')).toBeInTheDocument();
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(field, 'Still there?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_CONNECTED_MESSAGE);
    expect(field).toHaveValue('Still there?');
    expect(socket.count('sendMessage')).toBe(0);

    await socket.serverConnects();
    expect(screen.queryByText('Reconnecting to chat…')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(field).toHaveValue(''));
    expect(socket.count('sendMessage')).toBe(1);
  });

  it('shows a message arriving in the open conversation and marks it read', async () => {
    const { calls, connected } = renderChat({ at: '/dashboard/chats?request_id=42&type=0' });
    const socket = await connected();
    const log = await screen.findByRole('log', { name: 'Messages with Swift Movers' });
    await waitFor(() => expect(posts(calls, '/app_api/change_chat_status')).toHaveLength(1));

    await socket.serverEmits(
      'chatMessage',
      buildMessage({ id: 3, message_text: 'We are 10 minutes away.' }),
    );
    expect(await within(log).findByText('We are 10 minutes away.')).toBeInTheDocument();
    await waitFor(() => expect(posts(calls, '/app_api/change_chat_status')).toHaveLength(2));
    expect(getToast()).toBeNull();
  });

  it('on another conversation, a new message shows the info snack and refreshes the unread counts', async () => {
    const { calls, connected, server } = renderChat({
      at: '/dashboard/chats?request_id=42&type=0',
    });
    const socket = await connected();
    await screen.findByRole('log', { name: 'Messages with Swift Movers' });
    const before = posts(calls, '/app_api/channels').length;

    server.foreman = [{ ...foreman, unread_messages: 1 }];
    await socket.serverEmits(
      'chatMessage',
      buildMessage({ id: 4, receive_type: 2, sender_id: 'room-foreman', message_text: 'Hi!' }),
    );
    expect(getToast()).toMatchObject({
      message: 'New message from Mike Lopez',
      severity: 'info',
      durationMs: NEW_MESSAGE_SNACK_MS,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('New message from Mike Lopez');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Mike Lopez/ })).toHaveTextContent(
        '1 unread message',
      ),
    );
    expect(posts(calls, '/app_api/channels').length).toBeGreaterThan(before);
  });

  it('elsewhere in the dashboard, a received message shows the snack; an own message from another tab does not', async () => {
    const { connected } = renderChat({ at: '/dashboard/my-requests' });
    const socket = await connected();
    await screen.findByRole('heading', { level: 1, name: 'My Requests' });

    await socket.serverEmits(
      'chatMessage',
      buildMessage({ id: 5, sender_type: 1, sender_id: ME, receiver_id: 'room-company' }),
    );
    expect(getToast()).toBeNull();

    await socket.serverEmits('chatMessage', buildMessage({ id: 6 }));
    expect(getToast()).toMatchObject({ severity: 'info', durationMs: NEW_MESSAGE_SNACK_MS });
  });

  it("below 600 px shows one pane at a time, with 'Chat List' going back", async () => {
    narrowScreen();
    const { router } = renderChat();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Swift Movers/ }));

    expect(await screen.findByRole('region', { name: 'Swift Movers' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Chat List' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Chat List' }));

    expect(await screen.findByRole('list', { name: 'Chat List' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Swift Movers' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    // Back on the conversation just left.
    await waitFor(() => expect(screen.getByRole('button', { name: /Swift Movers/ })).toHaveFocus());
  });

  it('on a wide screen shows the list and the conversation side by side', async () => {
    renderChat({ at: '/dashboard/chats?request_id=42&type=0' });
    expect(await screen.findByRole('region', { name: 'Swift Movers' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Chat List' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Chat List' })).not.toBeInTheDocument();
  });
});
