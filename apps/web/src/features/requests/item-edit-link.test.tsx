import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { buildRequestDetail } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { dashboardStubs, GEO_CONFIG_STUB, signInCustomer } from '../../test/sessions';

function renderDetail(status: number, requestType = 0) {
  signInCustomer();
  stubFetch({
    ...dashboardStubs(),
    'GET /api/geo/config': GEO_CONFIG_STUB,
    'POST /api/customer/customer_request_detail': {
      code: 200,
      data: buildRequestDetail({
        request: { id: 42, request_timeline_status: status, request_type: requestType },
      }),
    },
  });
  return renderApp('/dashboard/my-requests/42');
}

beforeAll(() => preloadScreens('/dashboard/my-requests/42'), 60_000);

describe('the item edit links of the request detail', () => {
  it('lead to the item and extra-item edit screens before a marketplace request is paid', async () => {
    renderDetail(1);
    expect(await screen.findByRole('link', { name: 'Edit items' })).toHaveAttribute(
      'href',
      '/dashboard/my-requests/edit-items/42',
    );
    expect(screen.getByRole('link', { name: 'Edit extra items' })).toHaveAttribute(
      'href',
      '/dashboard/my-requests/edit-extra-items/42',
    );
  });

  it('are gone once a marketplace request is paid, and stay on a direct one until it is completed', async () => {
    const paid = renderDetail(3);
    await screen.findByRole('heading', { name: 'Items' });
    expect(screen.queryByRole('link', { name: 'Edit items' })).not.toBeInTheDocument();
    paid.unmount();

    renderDetail(5, 1);
    expect(await screen.findByRole('link', { name: 'Edit extra items' })).toBeInTheDocument();
  });
});
