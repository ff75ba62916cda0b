import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, type Notification } from '@movehub/shared';
import { RealtimeProvider } from '../../lib/realtime';
import { setSession } from '../../lib/storage';
import { fakeConnector } from '../../test/fake-socket';
import { stubFetch } from '../../test/fetch-stub';
import { buildUser } from '../../test/fixtures';
import { renderComponent } from '../../test/render';
import { NotificationCenter } from './notification-center';

function buildNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    action_value: 101,
    message_body: 'Acme Movers placed a bid on your request.',
    created_at: '2026-03-15T10:00:00.000Z',
    is_active: true,
    ...overrides,
  };
}

/**
 * A server holding these notifications; mark_notification_read changes them. The bell sits in
 * the realtime provider, on a fake socket the test drives.
 */
function renderCenter(initial: Notification[]) {
  setSession('token-abc', buildUser());
  let list = initial;
  // While held, the list call never answers: what shows comes from the push alone.
  let held = false;
  // Pages as the API reads them: `limit` entries after before_id's one, newest (first) first.
  const reply = (_body: unknown, _init: RequestInit, url: URL) => {
    if (held) return new Promise<never>(() => {});
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const beforeId = url.searchParams.get('before_id');
    const older = beforeId
      ? list.slice(list.findIndex((n) => n.id === Number(beforeId)) + 1)
      : list;
    const page = older.slice(0, limit);
    return {
      code: 200,
      data: page,
      notification_count: list.filter((n) => n.is_active).length,
      next_before_id: older.length > limit ? page[page.length - 1]!.id : null,
    };
  };
  const server = stubFetch({
    'GET /app_api/get_notification': reply,
    'POST /app_api/mark_notification_read': (body) => {
      const { read_all: all, notification_id: id } = body as {
        read_all: string;
        notification_id?: number;
      };
      list = list.map((n) => (all === '1' || n.id === id ? { ...n, is_active: false } : n));
      return { code: 200, message: MSG.notificationsRead };
    },
  });
  const connector = fakeConnector();
  // The bell is a part of the dashboard's header, not a screen: it renders alone, on a page.
  const view = renderComponent(
    <RealtimeProvider connect={connector.connect}>
      <NotificationCenter />
    </RealtimeProvider>,
    { at: '/dashboard/my-requests' },
  );
  /** The server stores a notification, then pushes it (as the API does). */
  const push = async (notification: Notification) => {
    list = [notification, ...list];
    await connector.latest.serverEmits('notification', notification);
  };
  const connected = async () => {
    await (await connector.opened()).serverConnects();
  };
  const holdServer = () => {
    held = true;
  };
  return { ...server, ...view, connector, push, connected, holdServer };
}

const gets = (calls: ReturnType<typeof stubFetch>['calls']) =>
  calls.filter((call) => call.path === '/app_api/get_notification').length;

describe('NotificationCenter', () => {
  it('shows no badge when nothing is unread, and the empty text in the drawer', async () => {
    renderCenter([]);
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(within(bell).queryByText(/\d/)).not.toBeInTheDocument();

    await userEvent.setup().click(bell);
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(drawer).findByText(MSG.noNotifications)).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('shows the unread count on the bell', async () => {
    renderCenter([
      buildNotification({ id: 1 }),
      buildNotification({ id: 2 }),
      buildNotification({ id: 3, is_active: false }),
    ]);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(bell).getByText('2')).toBeInTheDocument();
  });

  it('lists the notifications with their date, unread ones marked, and refetches on opening', async () => {
    const { calls } = renderCenter([
      buildNotification({ id: 1, message_body: 'New bid from Acme.' }),
      buildNotification({
        id: 2,
        message_body: 'Your move is complete.',
        is_active: false,
        created_at: '2026-01-02T09:00:00.000Z',
      }),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });

    const items = within(drawer).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Unread: New bid from Acme.');
    // The day and the time it came, in the customer's time zone.
    const at = new Date('2026-03-15T10:00:00.000Z');
    const hour = at.getHours() % 12 || 12;
    const minutes = String(at.getMinutes()).padStart(2, '0');
    expect(items[0]).toHaveTextContent(
      `Mar ${at.getDate()}th 26, ${hour}:${minutes} ${at.getHours() < 12 ? 'AM' : 'PM'}`,
    );
    expect(items[1]).toHaveTextContent('Your move is complete.');
    expect(items[1]).not.toHaveTextContent('Unread');
    await waitFor(() => expect(gets(calls)).toBe(2));
  });

  it('marks a clicked notification read and opens its request', async () => {
    const { calls, router } = renderCenter([buildNotification({ id: 7, action_value: 42 })]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(within(drawer).getByRole('button', { name: /Acme Movers placed a bid/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-requests/42'));
    expect(calls.find((c) => c.path === '/app_api/mark_notification_read')?.body).toEqual({
      read_all: '0',
      notification_id: 7,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('marks them all read, and the badge goes away', async () => {
    const { calls } = renderCenter([buildNotification({ id: 1 }), buildNotification({ id: 2 })]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(within(drawer).getByRole('button', { name: 'Mark all as read' }));

    await waitFor(() =>
      expect(calls.find((c) => c.path === '/app_api/mark_notification_read')?.body).toEqual({
        read_all: '1',
      }),
    );
    await waitFor(() => expect(within(drawer).queryByText(/Unread/)).not.toBeInTheDocument());
    expect(within(drawer).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await user.click(within(drawer).getByRole('button', { name: 'Close notifications' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('closes from its close button', async () => {
    renderCenter([]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    await user.click(await screen.findByRole('button', { name: 'Close notifications' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('counts a pushed notification on the bell and lists it, without a reload', async () => {
    const { push, connected } = renderCenter([buildNotification({ id: 1, is_active: false })]);
    await connected();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();

    await push(buildNotification({ id: 2, message_body: 'Swift Movers placed a bid.' }));
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(within(bell).getByText('1')).toBeInTheDocument();

    await push(buildNotification({ id: 3, message_body: 'Your move has started.' }));
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = within(drawer).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Unread: Your move has started.'),
      expect.stringContaining('Unread: Swift Movers placed a bid.'),
      expect.stringContaining('Acme Movers placed a bid on your request.'),
    ]);
  });

  it('counts a pushed notification at once, before the list is fetched again', async () => {
    const { connector, connected, holdServer } = renderCenter([buildNotification({ id: 1 })]);
    await connected();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    holdServer();
    await connector.latest.serverEmits('notification', buildNotification({ id: 8 }));
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    // The same notification twice (a reconnection's refetch racing the push) counts once.
    await connector.latest.serverEmits('notification', buildNotification({ id: 8 }));
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  describe('older notifications', () => {
    /** 45 notifications, newest (id 45) first; the newest three unread. */
    const many = () =>
      Array.from({ length: 45 }, (_, i) =>
        buildNotification({ id: 45 - i, message_body: `Update ${45 - i}.`, is_active: i < 3 }),
      );

    it('shows the newest page, then older ones by Load more, the count staying the total', async () => {
      const { calls } = renderCenter(many());
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
      const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
      await waitFor(() => expect(within(drawer).getAllByRole('listitem')).toHaveLength(20));
      expect(within(drawer).getAllByRole('listitem')[19]).toHaveTextContent('Update 26.');

      await user.click(within(drawer).getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(within(drawer).getAllByRole('listitem')).toHaveLength(40));
      expect(within(drawer).getAllByRole('listitem')[20]).toHaveTextContent('Update 25.');
      const older = calls.filter((c) => c.path === '/app_api/get_notification').at(-1);
      expect(older?.query).toEqual({ limit: '20', before_id: '26' });

      await user.click(within(drawer).getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(within(drawer).getAllByRole('listitem')).toHaveLength(45));
      expect(within(drawer).getAllByRole('listitem')[44]).toHaveTextContent('Update 1.');
      // The end: nothing more to load.
      expect(within(drawer).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
      // The bell behind the open drawer (hidden from the tree while the dialog is modal).
      expect(
        screen.getByRole('button', { name: 'Notifications, 3 unread', hidden: true }),
      ).toBeInTheDocument();
    });

    it('puts a pushed notification on top of the pages read, and counts it', async () => {
      const { push, connected } = renderCenter(many());
      await connected();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
      const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
      await waitFor(() => expect(within(drawer).getAllByRole('listitem')).toHaveLength(20));
      await user.click(within(drawer).getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(within(drawer).getAllByRole('listitem')).toHaveLength(40));

      await push(buildNotification({ id: 46, message_body: 'Your move has started.' }));
      await screen.findByRole('button', { name: 'Notifications, 4 unread', hidden: true });
      expect(within(drawer).getAllByRole('listitem')[0]).toHaveTextContent(
        'Unread: Your move has started.',
      );
      // Then the server's two pages, read again, confirm it: each notification once, in order.
      await waitFor(() =>
        expect(within(drawer).getAllByRole('listitem').at(-1)).toHaveTextContent('Update 7.'),
      );
      const items = within(drawer).getAllByRole('listitem');
      expect(items).toHaveLength(40);
      expect(items[0]).toHaveTextContent('Unread: Your move has started.');
      expect(
        screen.getByRole('button', { name: 'Notifications, 4 unread', hidden: true }),
      ).toBeInTheDocument();
    });
  });
});
