import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, type ServerAddress, type TrackingPoint } from '@movehub/shared';
import { ROUTE_COLOR } from '../../lib/maps/map-layers';
import { getToast, resetToast } from '../../lib/toast';
import { stubFetch, type StubHandler } from '../../test/fetch-stub';
import { fakeSocketWrapper } from '../../test/fake-socket';
import { buildRequestDetail, buildUser } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { dashboardStubs, GEO_CONFIG_STUB, signInCustomer } from '../../test/sessions';
import { ADDRESS_MARKER_COLORS } from '../../lib/maps/map-markers';
import { LOCATE_LABEL, TRAVELLED_COLOR } from './tracking-map';
import { TRACKING_TEXT } from './tracking-page';

const REQUEST_ID = 42;
const USER = buildUser({ room_id: 'room-7' });

const address = (
  i: number,
  lat: number,
  lng: number,
  extra: Partial<ServerAddress> = {},
): ServerAddress => ({
  id: i + 1,
  address_type: i === 0 ? 1 : 2,
  complete_address: `${100 + i} Main St, Los Angeles, CA 900${10 + i}, USA`,
  street_address: null,
  zip_code: `900${10 + i}`,
  apartment_number: null,
  address_detail: null,
  city: null,
  state: null,
  country: 'USA',
  is_storage: false,
  is_stairs: false,
  is_elevator: false,
  is_hardwood_floor: false,
  number_of_flights: 0,
  parking_and_building_info: null,
  latitude: lat,
  longitude: lng,
  ...extra,
});

const TWO = [
  address(0, 34.0522, -118.2437, { address_detail: 'Gate code 1234' }),
  address(1, 34.0195, -118.4912),
];

const point = (latitude: number, longitude: number, second: number): TrackingPoint => ({
  latitude,
  longitude,
  created_at: new Date(Date.UTC(2026, 10, 23, 17, 30, second)).toISOString(),
});

function stubServer(
  opts: {
    addresses?: ServerAddress[];
    points?: TrackingPoint[];
    tracking?: StubHandler;
    status?: number;
  } = {},
) {
  return stubFetch({
    ...dashboardStubs(USER),
    'POST /api/customer/customer_request_detail': {
      code: 200,
      data: buildRequestDetail({
        request: { id: REQUEST_ID, request_timeline_status: opts.status ?? 5 },
        request_address: opts.addresses ?? TWO,
      }),
    },
    'POST /app_api/get_tracking': opts.tracking ?? {
      code: 200,
      message: 'Tracking data of the move in progress.',
      tracking_data: opts.points ?? [],
      move_complete: false,
    },
    'GET /api/geo/config': GEO_CONFIG_STUB,
    'POST /api/geo/directions': (body) => {
      const points = (body as { points: { lat: number; lng: number }[] }).points;
      return { code: 200, data: { route: { distance_miles: 12.3, points, legs: [] } } };
    },
  });
}

/** The page in the dashboard, whose realtime connection is a fake socket the test drives. */
function renderPage() {
  signInCustomer(USER);
  const { connector, wrapper } = fakeSocketWrapper();
  const view = renderApp(`/dashboard/my-requests/tracking-location/${REQUEST_ID}`, { wrapper });
  return { ...view, connector };
}

const map = () => screen.getByRole('region', { name: 'Tracking map' });
const truckMarker = () => within(map()).findByRole('button', { name: /^Truck, heading/ });
const truckElement = () => within(map()).getByRole('button', { name: /^Truck, heading/ });
const liveLine = () => screen.getByRole('status');

let alertSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetToast();
  alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  alertSpy.mockRestore();
});

beforeAll(() => preloadScreens('/dashboard/my-requests/tracking-location/42'), 60_000);

describe('TrackingPage', () => {
  it("heads the map 'ORDER # {id}' and says 'Tracking' while the truck has no position", async () => {
    const { calls } = stubServer();
    renderPage();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`ORDER # ${REQUEST_ID}`);
    await waitFor(() => expect(calls.some((c) => c.path === '/app_api/get_tracking')).toBe(true));
    expect(calls.find((c) => c.path === '/app_api/get_tracking')?.body).toEqual({
      request_id: REQUEST_ID,
    });
    expect(await screen.findByText('Tracking')).toBeInTheDocument();
    expect(screen.queryByText('Moving')).not.toBeInTheDocument();
    expect(liveLine()).toHaveTextContent(TRACKING_TEXT.waiting);
    expect(await within(map()).findByRole('button', { name: /^Address 1:/ })).toBeInTheDocument();
    expect(within(map()).queryByRole('button', { name: /^Truck/ })).not.toBeInTheDocument();
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it("errors 'Please wait for forman location' on locate without a truck position", async () => {
    stubServer();
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: LOCATE_LABEL }));
    expect(getToast()).toMatchObject({ message: MSG.waitForForeman, severity: 'error' });
  });

  it("shows the truck with its 'Live Location' popup, 'Moving' and the time of the last point", async () => {
    stubServer({ points: [point(34.05, -118.25, 0), point(34.05, -118.26, 5)] });
    const user = userEvent.setup();
    renderPage();

    const truck = await truckMarker();
    expect(await screen.findByText('Moving')).toBeInTheDocument();
    expect(screen.queryByText('Tracking')).not.toBeInTheDocument();
    // West, from the first point to the last.
    expect(truck).toHaveAccessibleName('Truck, heading 270 degrees');
    expect(liveLine()).toHaveTextContent(
      /^The truck is on its way\. Last location update at \d{1,2}:30 [AP]M\.$/,
    );

    fireEvent.click(truck);
    expect(await within(map()).findByText('Live Location')).toBeInTheDocument();

    // Locate centres on the truck, without the error.
    await user.click(screen.getByRole('button', { name: LOCATE_LABEL }));
    expect(getToast()).toBeNull();
  });

  it('turns the truck by the last point and the point ten earlier', async () => {
    // Ten points east, then ten north: heading north (the first point would say north-east).
    const east = Array.from({ length: 11 }, (_, i) => point(34, -118.3 + i * 0.001, i));
    const north = Array.from({ length: 10 }, (_, i) =>
      point(34 + (i + 1) * 0.001, -118.29, 11 + i),
    );
    stubServer({ points: [...east, ...north] });
    renderPage();

    expect(await truckMarker()).toHaveAccessibleName('Truck, heading 0 degrees');
  });

  it('moves the truck with each tracking event of the socket, without loading the points again', async () => {
    const { calls } = stubServer({ points: [point(34.05, -118.25, 0)] });
    const { connector } = renderPage();
    const socket = await connector.opened();
    await truckMarker();
    // Read before the socket connected: the points of the gap are read again, once.
    await socket.serverConnects();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/app_api/get_tracking')).toHaveLength(2),
    );
    const place = () => {
      const { transform, left, top } = truckElement().style;
      return `${transform} ${left} ${top}`;
    };
    const before = place();

    await socket.serverEmits('tracking', { request_id: REQUEST_ID, ...point(34.06, -118.25, 9) });
    expect(await truckMarker()).toHaveAccessibleName('Truck, heading 0 degrees');
    expect(place()).not.toBe(before);
    expect(liveLine()).toHaveTextContent(/update at \d{1,2}:30 [AP]M\.$/);
    // Another request's point, or one already shown, changes nothing.
    await socket.serverEmits('tracking', { request_id: 7, ...point(33, -118, 20) });
    await socket.serverEmits('tracking', { request_id: REQUEST_ID, ...point(34.06, -118.25, 9) });
    expect(liveLine()).toHaveTextContent(/update at \d{1,2}:30 [AP]M\.$/);
    expect(calls.filter((c) => c.path === '/app_api/get_tracking')).toHaveLength(2);

    // A reconnection reads the points again: those of the gap were never heard.
    await socket.serverDrops();
    await socket.serverConnects();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/app_api/get_tracking')).toHaveLength(3),
    );
  });

  it('reads the points again when a step of this request is notified, not for another', async () => {
    const { calls } = stubServer({ points: [point(34.05, -118.25, 0)] });
    const { connector } = renderPage();
    const socket = await connector.opened();
    await socket.serverConnects();
    await truckMarker();
    const reads = () => calls.filter((c) => c.path === '/app_api/get_tracking').length;
    await waitFor(() => expect(reads()).toBeGreaterThanOrEqual(1));
    const before = reads();
    const notice = {
      id: 1,
      message_body: 'x',
      created_at: new Date().toISOString(),
      is_active: true,
    };
    await socket.serverEmits('notification', { ...notice, action_value: 7 });
    await socket.serverEmits('notification', { ...notice, id: 2, action_value: REQUEST_ID });
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('numbers the address markers with an icon of their own up to five, then the default', async () => {
    const six = Array.from({ length: 6 }, (_, i) => address(i, 34 + i * 0.01, -118.3));
    stubServer({ addresses: six });
    renderPage();

    const markers = await within(map()).findAllByRole('button', { name: /^Address \d:/ });
    expect(markers).toHaveLength(6);
    for (let i = 0; i < 6; i++) {
      const marker = within(map()).getByRole('button', {
        name: `Address ${i + 1}: ${six[i]!.complete_address}`,
      });
      if (i < 5) {
        expect(marker).toHaveClass(`tracking-address-marker-${i + 1}`);
        expect(marker).toHaveTextContent(String(i + 1));
        expect(marker.innerHTML).toContain(`background:${ADDRESS_MARKER_COLORS[i]}`);
      } else {
        expect(marker).toHaveClass('tracking-address-marker-default');
        expect(marker).toHaveTextContent('');
      }
    }
  });

  it('shows an address’s type and detail, or N/A, when its marker is clicked', async () => {
    stubServer();
    renderPage();

    fireEvent.click(await within(map()).findByRole('button', { name: /^Address 1:/ }));
    const first = await within(map()).findByText(TWO[0]!.complete_address);
    const popup = first.closest('.leaflet-popup') as HTMLElement;
    expect(within(popup).getByText('PICK UP')).toBeInTheDocument();
    expect(within(popup).getByText('Gate code 1234')).toBeInTheDocument();

    fireEvent.click(within(map()).getByRole('button', { name: /^Address 2:/ }));
    const second = await within(map()).findByText(TWO[1]!.complete_address);
    const other = second.closest('.leaflet-popup') as HTMLElement;
    expect(within(other).getByText('DROP OFF')).toBeInTheDocument();
    expect(within(other).getByText('N/A')).toBeInTheDocument();
  });

  it('draws the red driving route through the addresses in order, a second after load', async () => {
    const { calls } = stubServer();
    renderPage();
    await within(map()).findByRole('button', { name: /^Address 2:/ });
    expect(calls.some((c) => c.path === '/api/geo/directions')).toBe(false);

    await waitFor(() => expect(calls.some((c) => c.path === '/api/geo/directions')).toBe(true));
    expect(calls.find((c) => c.path === '/api/geo/directions')?.body).toEqual({
      points: TWO.map((a) => ({ lat: a.latitude, lng: a.longitude })),
    });
    await waitFor(() =>
      expect(map().querySelector(`path[stroke="${ROUTE_COLOR}"]`)).not.toBeNull(),
    );
  });

  it('shows a tracking failure’s message in a browser alert, and the map stays', async () => {
    const message = 'Tracking has ended for this request. Its status: Request Cancelled.';
    stubServer({ tracking: { code: 409, message } });
    renderPage();

    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith(message));
    expect(alertSpy).toHaveBeenCalledTimes(1);
    expect(getToast()).toBeNull();
    expect(screen.getByText('Tracking')).toBeInTheDocument();
    expect(await within(map()).findByRole('button', { name: /^Address 1:/ })).toBeInTheDocument();
  });

  it('says the move is complete and draws the route travelled, with no truck and no alert', async () => {
    const route = [point(34.05, -118.25, 0), point(34.04, -118.3, 5), point(34.02, -118.49, 10)];
    stubServer({
      status: 6,
      tracking: {
        code: 200,
        message: 'The move is complete: the route the truck travelled.',
        tracking_data: route,
        move_complete: true,
      },
    });
    renderPage();

    expect(await screen.findByText(TRACKING_TEXT.complete)).toBeInTheDocument();
    expect(screen.queryByText('Moving')).not.toBeInTheDocument();
    expect(liveLine()).toHaveTextContent(TRACKING_TEXT.travelled);
    await waitFor(() =>
      expect(map().querySelector(`path[stroke="${TRAVELLED_COLOR}"]`)).not.toBeNull(),
    );
    expect(within(map()).queryByRole('button', { name: /^Truck/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LOCATE_LABEL })).not.toBeInTheDocument();
    expect(await within(map()).findByRole('button', { name: /^Address 2:/ })).toBeInTheDocument();
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('turns to the route travelled when the move is completed while the page is open', async () => {
    let complete = false;
    const { calls } = stubServer({
      tracking: () => ({
        code: 200,
        message: 'x',
        tracking_data: [point(34.05, -118.25, 0), point(34.05, -118.26, 5)],
        move_complete: complete,
      }),
    });
    const { connector } = renderPage();
    const socket = await connector.opened();
    await socket.serverConnects();
    await truckMarker();
    expect(screen.getByText('Moving')).toBeInTheDocument();

    complete = true;
    await socket.serverEmits('notification', {
      id: 9,
      message_body: 'Your move is complete.',
      created_at: new Date().toISOString(),
      is_active: true,
      action_value: REQUEST_ID,
    });
    expect(await screen.findByText(TRACKING_TEXT.complete)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(map()).queryByRole('button', { name: /^Truck/ })).not.toBeInTheDocument(),
    );
    expect(calls.filter((c) => c.path === '/app_api/get_tracking').length).toBeGreaterThan(1);
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('says which address stands at its zip centre, an approximate location', async () => {
    stubServer({
      addresses: [address(0, 34.0614, -118.2385, { is_approximate_location: true }), TWO[1]!],
    });
    renderPage();

    const marker = await within(map()).findByRole('button', {
      name: /^Address 1: .* \(approximate location\)$/,
    });
    fireEvent.click(marker);
    expect(await within(map()).findByText('approximate location')).toBeInTheDocument();
    expect(
      within(map()).getByRole('button', { name: `Address 2: ${TWO[1]!.complete_address}` }),
    ).toBeInTheDocument();
  });
});
