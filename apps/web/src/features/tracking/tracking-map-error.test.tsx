import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { buildRequestDetail } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { dashboardStubs, GEO_CONFIG_STUB, signInCustomer } from '../../test/sessions';
import { Map as LeafletMap } from 'leaflet';

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

beforeAll(() => preloadScreens('/dashboard/my-requests/tracking-location/42'), 60_000);

describe('TrackingPage: a map that fails', () => {
  it("shows 'Error' in place of the map, and the page's heading and status stay", async () => {
    signInCustomer();
    stubFetch({
      ...dashboardStubs(),
      'POST /api/customer/customer_request_detail': {
        code: 200,
        data: buildRequestDetail({ request: { id: 42, request_timeline_status: 5 } }),
      },
      'POST /app_api/get_tracking': { code: 200, tracking_data: [] },
      'GET /api/geo/config': GEO_CONFIG_STUB,
    });
    renderApp('/dashboard/my-requests/tracking-location/42');

    const map = await screen.findByRole('region', { name: 'Tracking map' });
    expect(await within(map).findByRole('alert')).toHaveTextContent(/^Error$/);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ORDER # 42');
    expect(screen.getByText('Tracking')).toBeInTheDocument();
  });
});
