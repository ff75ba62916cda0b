import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_HEADER,
  type ChatMessage,
  type ForemanJobDetail,
  type SendMessage,
} from '@movehub/shared';
import { NO_MESSAGES_TEXT } from '../../lib/chat/partner-chat';
import { setSession } from '../../lib/storage';
import { fakeSocketWrapper } from '../../test/fake-socket';
import { stubFetch, type StubReply } from '../../test/fetch-stub';
import { preloadScreens, renderApp } from '../../test/render';
import { foremanKeys } from './foreman-api';
import { mapsUrl } from '../../ui/request-addresses';
import { CHAT_OPENS_TEXT, MOVE_DIALOG_TEXT } from './foreman-job-page';
import { buildForemanJobDetail, buildForemanUser } from './foreman-test-data';
import { queueKey } from './location-queue';
import { PROBLEM_TEXT, SHARING_TEXT } from './location-sharing-panel';

/** A fake navigator.geolocation whose positions the test sends. */
function fakeGeolocation() {
  let success: PositionCallback | null = null;
  let failure: PositionErrorCallback | null = null;
  const geo = {
    watchPosition: vi.fn((ok: PositionCallback, err?: PositionErrorCallback | null) => {
      success = ok;
      failure = err ?? null;
      return 42;
    }),
    clearWatch: vi.fn(() => {
      success = null;
    }),
    getCurrentPosition: vi.fn(),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geo, configurable: true });
  return {
    geo,
    move(latitude: number, longitude: number, timestamp = Date.now()) {
      act(() => {
        success?.({
          coords: { latitude, longitude, accuracy: 5 } as GeolocationCoordinates,
          timestamp,
        } as GeolocationPosition);
      });
    },
    deny() {
      act(() => {
        failure?.({ code: 1, PERMISSION_DENIED: 1, message: 'denied' } as GeolocationPositionError);
      });
    },
  };
}

/** A fake API holding one job, moving it as start_move and complete_move do. */
function jobServer(
  job: ForemanJobDetail,
  extra: Record<string, (body: unknown) => StubReply> = {},
) {
  let current = job;
  const step = (status: number) => () => {
    current = { ...current, request_timeline_status: status };
    return {
      code: 200,
      data: { request_id: job.id, request_timeline_status: status, request_status: 0 },
    };
  };
  return stubFetch({
    'POST /api/foreman/job_detail': (body) =>
      (body as { request_id: number }).request_id === job.id
        ? { code: 200, data: current }
        : { code: 404, message: 'Request not found.' },
    'POST /api/foreman/start_move': step(5),
    'POST /api/company/complete_move': step(6),
    'POST /api/foreman/post_location': (body) => ({
      code: 200,
      data: { ...(body as object), created_at: new Date().toISOString() },
    }),
    ...extra,
  });
}

/** The job's page in the console, whose layout opens the partner session's (fake) socket. */
function renderWithSocket(id = 701) {
  setSession('foreman-token', buildForemanUser(), 'partner');
  const { connector, wrapper } = fakeSocketWrapper();
  const view = renderApp(`/partner/foreman/jobs/${id}`, { wrapper });
  return { ...view, connector };
}

const renderPage = renderWithSocket;

const FOREMAN_ROOM = 'room-foreman-601';
const CUSTOMER_ROOM = 'room-customer-1';
/** The job detail's chat while the move is under way: his conversation (type 2). */
const FOREMAN_CHAT = {
  room_id: FOREMAN_ROOM,
  request_id: 701,
  receiver_room_id: CUSTOMER_ROOM,
  type: 2 as const,
};
const fromCustomer = (id: number, text: string): ChatMessage => ({
  id,
  request_id: 701,
  message_text: text,
  message_type: 0,
  message_datatime: `2026-03-15T16:0${id % 10}:00.000Z`,
  message_status: 0,
  sender_type: 0,
  is_active: true,
  sender_id: CUSTOMER_ROOM,
  receiver_id: FOREMAN_ROOM,
  receive_type: 2,
});
const posted = (calls: ReturnType<typeof stubFetch>['calls'], path: string) =>
  calls.filter((c) => c.path === path);

let onLine: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
});
afterEach(() => {
  onLine.mockRestore();
});

beforeAll(() => preloadScreens('/partner/foreman/jobs/701'), 60_000);

describe('ForemanJobPage', () => {
  it('shows the addresses with maps links, the inventory with photos, extra items and the customer', async () => {
    fakeGeolocation();
    jobServer(
      buildForemanJobDetail({
        request_timeline: [
          {
            id: 1,
            activity_title: 'Paid and waiting for move',
            activity_datetime: '2026-03-14T16:00:00Z',
          },
        ],
      }),
    );
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Request #701 · 1 Bedroom' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'History' })).getByText(
        'Paid and waiting for move',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Truck assigned and ready to move')).toBeInTheDocument();

    const addresses = within(screen.getByRole('region', { name: 'Addresses' }));
    const pickUp = addresses.getByRole('link', { name: /Open 350 S Grand Ave.* in maps/ });
    expect(pickUp).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=34.0522%2C-118.2437',
    );
    // Without coordinates, the address's text is searched.
    expect(addresses.getByRole('link', { name: /Open 100 Ocean Ave.* in maps/ })).toHaveAttribute(
      'href',
      mapsUrl({
        latitude: null,
        longitude: null,
        complete_address: '100 Ocean Ave, Santa Monica, CA 90402',
      }),
    );

    const inventory = within(screen.getByRole('list', { name: 'Inventory items' }));
    expect(inventory.getByText('Sofa × 2')).toBeInTheDocument();
    expect(inventory.getByRole('img', { name: 'Sofa, photo 1' })).toHaveAttribute(
      'src',
      '/uploads/5afa5afa5afa5afa5afa5afa5afa5afa.jpg',
    );
    expect(
      within(screen.getByRole('list', { name: 'Extra items' })).getByText('Piano × 1'),
    ).toBeInTheDocument();

    const customer = within(screen.getByRole('region', { name: 'Customer' }));
    expect(customer.getByText('Robin Hart')).toBeInTheDocument();
    expect(customer.getByText('(310) 555-0101')).toBeInTheDocument();
    expect(customer.getByRole('link', { name: 'Call' })).toHaveAttribute(
      'href',
      'tel:+13105550101',
    );
    expect(customer.getByRole('link', { name: 'Text message' })).toHaveAttribute(
      'href',
      'sms:+13105550101',
    );
    expect(screen.getByText('The piano is on the second floor.')).toBeInTheDocument();
    // Not in progress: no location sharing yet.
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('starts the move after confirming, then shares the location and posts it', async () => {
    const { geo, move } = fakeGeolocation();
    const { calls } = jobServer(buildForemanJobDetail());
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Start move' }));
    const dialog = screen.getByRole('dialog', { name: MOVE_DIALOG_TEXT.startTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === '/api/foreman/start_move')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Start move' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Start move' }),
    );
    expect(await screen.findByText('Move in progress')).toBeInTheDocument();
    const start = calls.find((c) => c.path === '/api/foreman/start_move')!;
    expect(start.body).toEqual({ request_id: 701 });
    expect(start.headers[AUTH_HEADER]).toBe('foreman-token');

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(SHARING_TEXT.sharing);
    expect(status).toHaveTextContent(SHARING_TEXT.waiting);
    expect(geo.watchPosition).toHaveBeenCalledTimes(1);

    move(34.05, -118.25);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/foreman/post_location')).toHaveLength(1),
    );
    const posted = calls.find((c) => c.path === '/api/foreman/post_location')!;
    expect(posted.body).toEqual({ request_id: 701, latitude: 34.05, longitude: -118.25 });
    expect(posted.headers[AUTH_HEADER]).toBe('foreman-token');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(/Last position sent at/),
    );

    // A point a second later is skipped (at most one every 5 s).
    move(34.06, -118.25, Date.now() + 1000);
    expect(calls.filter((c) => c.path === '/api/foreman/post_location')).toHaveLength(1);
  });

  it('keeps Start move off days before the move, saying from when he may start it', async () => {
    const { calls } = jobServer(buildForemanJobDetail({ today_date: '2026-03-10' }));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Start move' })).toBeDisabled();
    expect(
      screen.getByText('This move is on Mar 15th 26: it can be started from Mar 14th 26.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/foreman/start_move')).toBe(false);
  });

  it('stops and resumes sharing', async () => {
    const { geo } = fakeGeolocation();
    jobServer(buildForemanJobDetail({ request_timeline_status: 5 }));
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Stop sharing' }));
    expect(geo.clearWatch).toHaveBeenCalledWith(42);
    expect(screen.getByRole('status')).toHaveTextContent(SHARING_TEXT.stopped);
    await userEvent.click(screen.getByRole('button', { name: 'Resume sharing' }));
    expect(screen.getByRole('status')).toHaveTextContent(SHARING_TEXT.sharing);
    expect(geo.watchPosition).toHaveBeenCalledTimes(2);
  });

  it('queues positions taken offline and sends them, with their time, when the network returns', async () => {
    const { move } = fakeGeolocation();
    const { calls } = jobServer(buildForemanJobDetail({ request_timeline_status: 5 }));
    onLine.mockReturnValue(false);
    renderPage();
    await screen.findByRole('status');

    const t0 = Date.now() - 20_000;
    move(34.05, -118.25, t0);
    move(34.06, -118.25, t0 + 10_000);
    expect(await screen.findByText(SHARING_TEXT.offline(2))).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/foreman/post_location')).toBe(false);
    expect(JSON.parse(localStorage.getItem(queueKey(701))!)).toHaveLength(2);

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/foreman/post_location')).toHaveLength(2),
    );
    expect(calls.filter((c) => c.path === '/api/foreman/post_location').map((c) => c.body)).toEqual(
      [
        {
          request_id: 701,
          latitude: 34.05,
          longitude: -118.25,
          recorded_at: new Date(t0).toISOString(),
        },
        {
          request_id: 701,
          latitude: 34.06,
          longitude: -118.25,
          recorded_at: new Date(t0 + 10_000).toISOString(),
        },
      ],
    );
    await waitFor(() => expect(localStorage.getItem(queueKey(701))).toBeNull());
  });

  it('keeps the screen on while sharing, and lets it go on Stop', async () => {
    fakeGeolocation();
    const release = vi.fn(async () => undefined);
    const request = vi.fn(async () => ({ release }));
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    try {
      jobServer(buildForemanJobDetail({ request_timeline_status: 5 }));
      renderPage();
      expect(await screen.findByText(SHARING_TEXT.keepOpen)).toBeInTheDocument();
      await waitFor(() => expect(request).toHaveBeenCalledWith('screen'));
      await userEvent.click(screen.getByRole('button', { name: 'Stop sharing' }));
      await waitFor(() => expect(release).toHaveBeenCalled());
    } finally {
      Reflect.deleteProperty(navigator, 'wakeLock');
    }
  });

  it('says so when location access is blocked, with Try again', async () => {
    const { geo, deny } = fakeGeolocation();
    jobServer(buildForemanJobDetail({ request_timeline_status: 5 }));
    renderPage();
    await screen.findByRole('status');
    deny();
    expect(await screen.findByText(PROBLEM_TEXT.denied)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(SHARING_TEXT.stopped);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(geo.watchPosition).toHaveBeenCalledTimes(2);
  });

  it('completes the move after confirming, and sharing ends', async () => {
    const { geo } = fakeGeolocation();
    const { calls } = jobServer(buildForemanJobDetail({ request_timeline_status: 5 }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Complete move' }));
    const dialog = screen.getByRole('dialog', { name: MOVE_DIALOG_TEXT.completeTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete move' }));
    expect(
      await screen.findByText(
        'You marked this move complete. The customer is asked to confirm it.',
      ),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/company/complete_move')?.body).toEqual({
      request_id: 701,
    });
    expect(screen.queryByRole('status')).toBeNull();
    expect(geo.clearWatch).toHaveBeenCalled();
  });

  it("chats with the customer while the move is in progress, through the partner session's socket", async () => {
    fakeGeolocation();
    const user = userEvent.setup();
    const { calls } = jobServer(
      buildForemanJobDetail({ request_timeline_status: 5, chat: FOREMAN_CHAT }),
      {
        'POST /app_api/get_messages': () => ({
          code: 200,
          getchatdata: [fromCustomer(1, 'The code for the gate is 1234.')],
          next_before_id: null,
        }),
        'POST /app_api/change_chat_status': () => ({ code: 200, message: 'Messages marked read.' }),
      },
    );
    const { connector } = renderWithSocket();
    const socket = await connector.opened();
    expect(socket.session).toMatchObject({
      token: 'foreman-token',
      roomId: FOREMAN_ROOM,
      type: '3',
    });
    await socket.serverConnects();

    const region = within(await screen.findByRole('region', { name: 'Chat with the customer' }));
    const log = await region.findByRole('log', { name: 'Messages with Robin Hart' });
    expect(within(log).getByText('The code for the gate is 1234.')).toBeInTheDocument();
    expect(posted(calls, '/app_api/get_messages')[0]).toMatchObject({
      body: { socket_id: CUSTOMER_ROOM, request_id: 701, type: 2 },
      headers: { [AUTH_HEADER]: 'foreman-token' },
    });
    // What the customer wrote is read once it is on screen, and as it arrives.
    await waitFor(() => expect(posted(calls, '/app_api/change_chat_status')).toHaveLength(1));
    expect(posted(calls, '/app_api/change_chat_status')[0]!.body).toEqual({
      socket_id: CUSTOMER_ROOM,
      request_id: 701,
      type: 2,
    });
    await socket.serverEmits('chatMessage', fromCustomer(2, 'Are you close?'));
    expect(await within(log).findByText('Are you close?')).toBeInTheDocument();
    await waitFor(() => expect(posted(calls, '/app_api/change_chat_status')).toHaveLength(2));
    // The company's conversation on the same request is not his.
    await socket.serverEmits('chatMessage', {
      ...fromCustomer(3, 'To the company'),
      receive_type: 0,
    });
    expect(within(log).queryByText('To the company')).toBeNull();

    await user.type(region.getByRole('textbox', { name: 'Message' }), 'Five minutes away.');
    await user.click(region.getByRole('button', { name: 'Send' }));
    expect(await within(log).findByText('Five minutes away.')).toBeInTheDocument();
    const sent = socket.emitted.find((e) => e.event === 'sendMessage')!.args[0] as SendMessage;
    expect(sent).toMatchObject({
      sender_id: FOREMAN_ROOM,
      room_id: FOREMAN_ROOM,
      receiver_id: CUSTOMER_ROOM,
      receive_type: 2,
      request_id: 701,
      message: 'Five minutes away.',
    });
    expect(region.getByRole('textbox', { name: 'Message' })).toHaveValue('');

    // The phone's own call and text links stay beside the chat.
    const customer = within(screen.getByRole('region', { name: 'Customer' }));
    expect(customer.getByRole('link', { name: 'Call' })).toHaveAttribute(
      'href',
      'tel:+13105550101',
    );
    expect(customer.getByRole('link', { name: 'Text message' })).toHaveAttribute(
      'href',
      'sms:+13105550101',
    );
  });

  it('has no chat before the move starts (status 4), and says when it opens', async () => {
    fakeGeolocation();
    const { calls } = jobServer(buildForemanJobDetail({ request_timeline_status: 4, chat: null }));
    renderWithSocket();
    expect(await screen.findByRole('button', { name: 'Start move' })).toBeInTheDocument();
    expect(screen.getByText(CHAT_OPENS_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Chat with the customer' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(posted(calls, '/app_api/get_messages')).toEqual([]);
  });

  it('opens the chat when he starts the move and the server answers it open', async () => {
    fakeGeolocation();
    const user = userEvent.setup();
    let job = buildForemanJobDetail({ request_timeline_status: 4, chat: null });
    jobServer(job, {
      'POST /api/foreman/job_detail': () => ({ code: 200, data: job }),
      'POST /api/foreman/start_move': () => {
        job = { ...job, request_timeline_status: 5, chat: FOREMAN_CHAT };
        return {
          code: 200,
          data: { request_id: 701, request_timeline_status: 5, request_status: 0 },
        };
      },
      'POST /app_api/get_messages': () => ({
        code: 200,
        getchatdata: [],
        next_before_id: null,
      }),
    });
    const { connector } = renderWithSocket();
    await (await connector.opened()).serverConnects();
    await user.click(await screen.findByRole('button', { name: 'Start move' }));
    const dialog = screen.getByRole('dialog', { name: MOVE_DIALOG_TEXT.startTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Start move' }));
    const region = within(await screen.findByRole('region', { name: 'Chat with the customer' }));
    expect(await region.findByText(NO_MESSAGES_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(CHAT_OPENS_TEXT)).toBeNull();
  });

  it("keeps the chat's messages under the foreman's queries, which a notification reloads", () => {
    expect(foremanKeys.chat(701).slice(0, foremanKeys.all.length)).toEqual([...foremanKeys.all]);
  });

  it("shows the server's message with Try again for a job that is not his", async () => {
    fakeGeolocation();
    jobServer(buildForemanJobDetail());
    renderPage(999);
    expect(await screen.findByText('Request not found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← My jobs' })).toHaveAttribute(
      'href',
      '/partner/foreman',
    );
  });
});
