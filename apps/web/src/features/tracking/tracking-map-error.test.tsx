import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { buildRequestDetail } from '../../test/fixtures';
import { renderScreen } from '../../test/render';
import { Map as LeafletMap } from 'leaflet';
import { TrackingPage } from './tracking-page';

let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
  // The map itself fails while it draws (a broken Leaflet, a browser without the APIs it
  // needs): Leaflet's map throws as it is created.
  vi.spyOn(
    LeafletMap.prototype as unknown as { initialize(): void },
    'initialize',
  ).mockImplementation(() => {
    throw new Error('The map could not be drawn');
  });
});
afterEach(() => {
  errorSpy.mockRestore();
  vi.restoreAllMocks();
});

describe('TrackingPage: a map that fails', () => {
  it("shows 'Error' in place of the map, and the page's heading and status stay", async () => {
    stubFetch({
      'POST /api/customer/customer_request_detail': {
        code: 200,
        data: buildRequestDetail({ request: { id: 42, request_timeline_status: 5 } }),
      },
      'POST /app_api/get_tracking': { code: 200, tracking_data: [] },
      'GET /api/geo/config': {
        code: 200,
        data: {
          map_tile_url: null,
          provider: 'offline',
          default_center: { lat: 33.9679, lng: -118.297 },
          default_zoom: 11,
        },
      },
    });
    renderScreen(<TrackingPage />, {
      path: '/dashboard/my-requests/tracking-location/:requestId',
      at: '/dashboard/my-requests/tracking-location/42',
    });

    const map = screen.getByRole('region', { name: 'Tracking map' });
    expect(await within(map).findByRole('alert')).toHaveTextContent(/^Error$/);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ORDER # 42');
    expect(screen.getByText('Tracking')).toBeInTheDocument();
  });
});
