import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { buildRequestDetail } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { customerHomeStubs, GEO_CONFIG_STUB, signInCustomer } from '../../test/sessions';

/*
 * Issue 31: without a maps service an address stands at its zip code's centre, and the distance
 * the request detail shows then says it runs between zip code centres.
 */

beforeAll(() => preloadScreens('/dashboard/my-requests/42'), 60_000);

async function distanceLine(approximate: boolean | undefined) {
  const detail = buildRequestDetail({ request: { id: 42, request_timeline_status: 0 } });
  detail.request.net_distance_approximate = approximate;
  stubFetch({
    ...customerHomeStubs(),
    'GET /api/geo/config': GEO_CONFIG_STUB,
    'POST /api/customer/customer_request_detail': { code: 200, data: detail },
  });
  signInCustomer();
  renderApp(['/dashboard/my-requests', '/dashboard/my-requests/42']);
  const heading = await screen.findByRole('heading', { name: 'Request Information' });
  const info = within(heading.closest('section')!);
  return info.getByText(/ miles/);
}

describe('the request detail’s distance', () => {
  it('says when it runs between zip code centres', async () => {
    expect(await distanceLine(true)).toHaveTextContent(
      'Distance: 12.4 miles, between zip code centres',
    );
  });

  it('is the miles alone between placed streets', async () => {
    expect(await distanceLine(false)).toHaveTextContent(/^Distance: 12\.4 miles$/);
  });
});
