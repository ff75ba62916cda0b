import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHANGE_MESSAGES,
  EDIT_MESSAGES,
  MSG,
  type RequestDetail,
  type ServerAddress,
} from '@movehub/shared';
import { stubFetch } from '../../test/fetch-stub';
import { buildRequestDetail } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { dashboardStubs, GEO_CONFIG_STUB, signInCustomer } from '../../test/sessions';

function detailWith(status: number, addressCount: number, requestType = 0): RequestDetail {
  const detail = buildRequestDetail({
    request: { id: 42, request_timeline_status: status, request_type: requestType },
  });
  const [first] = detail.request_address as [ServerAddress];
  detail.request_address = Array.from({ length: addressCount }, (_, index) => ({
    ...first,
    id: index + 1,
    address_type: index === 0 ? 1 : 2,
    complete_address: `${index + 1}00 Main St, Los Angeles, CA`,
  }));
  return detail;
}

function stubDetail(detail: RequestDetail, { awaitingPrice = false } = {}) {
  // An edit sent to the company to price leaves the request as it was.
  const afterDelete = awaitingPrice
    ? detail
    : { ...detail, request_address: detail.request_address.slice(1) };
  let deleted = false;
  const edited = () => {
    deleted = true;
    return {
      code: 200,
      message: awaitingPrice ? CHANGE_MESSAGES.sentForPricing : EDIT_MESSAGES.addressDeleted,
      data: {
        request_id: 42,
        request_address: afterDelete.request_address,
        request_item: [],
        extra_request_items: [],
        net_distance: 10,
        recommend_amount: 500,
        awaiting_price: awaitingPrice,
      },
    };
  };
  signInCustomer();
  return stubFetch({
    ...dashboardStubs(),
    'GET /api/geo/config': GEO_CONFIG_STUB,
    'POST /api/customer/customer_request_detail': () => ({
      code: 200,
      data: deleted ? afterDelete : detail,
    }),
    'POST /api/customer/delete_address': edited,
    'POST /app_api/delete_address': edited,
  });
}

function renderDetail() {
  return renderApp('/dashboard/my-requests/42');
}

const addresses = async () => within(await screen.findByRole('region', { name: 'Addresses' }));
const deletes = (calls: ReturnType<typeof stubFetch>['calls']) =>
  calls.filter((call) => call.path.endsWith('/delete_address'));

beforeAll(() => preloadScreens('/dashboard/my-requests/42'), 60_000);

describe('request detail address controls', () => {
  it('offers Edit, Delete and Add address before bidding ends', async () => {
    stubDetail(detailWith(0, 2));
    renderDetail();
    const section = await addresses();
    expect(await section.findByRole('link', { name: 'Edit address A' })).toHaveAttribute(
      'href',
      '/dashboard/my-requests/edit-address/42/1',
    );
    expect(section.getByRole('button', { name: 'Delete address B' })).toBeVisible();
    expect(section.getByRole('link', { name: 'Add address' })).toHaveAttribute(
      'href',
      '/dashboard/my-requests/add-address/42',
    );
  });

  it('offers nothing on a marketplace request from status 3', async () => {
    stubDetail(detailWith(3, 3));
    renderDetail();
    const section = await addresses();
    expect(await section.findByText(/300 Main St/)).toBeVisible();
    expect(section.queryByRole('link', { name: /Edit address/ })).not.toBeInTheDocument();
    expect(section.queryByRole('button', { name: /Delete address/ })).not.toBeInTheDocument();
    expect(section.queryByRole('link', { name: 'Add address' })).not.toBeInTheDocument();
  });

  it('still offers them on a direct request below status 6', async () => {
    stubDetail(detailWith(5, 3, 1));
    renderDetail();
    expect(await (await addresses()).findByRole('link', { name: 'Edit address C' })).toBeVisible();
  });

  it('offers no Add address once the request has 6 addresses', async () => {
    stubDetail(detailWith(0, 6));
    renderDetail();
    const section = await addresses();
    expect(await section.findByText('You can add up to 6 addresses.')).toBeVisible();
    expect(section.queryByRole('link', { name: 'Add address' })).not.toBeInTheDocument();
  });

  it('asks before deleting and deletes through /api/customer for a marketplace request', async () => {
    const { calls } = stubDetail(detailWith(1, 3));
    renderDetail();
    const user = userEvent.setup();
    await user.click(await (await addresses()).findByRole('button', { name: 'Delete address C' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete address' });
    expect(dialog).toHaveTextContent(MSG.deleteAddressConfirm);
    expect(deletes(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText(EDIT_MESSAGES.addressDeleted)).toBeVisible();
    expect(deletes(calls).map((call) => [call.path, call.body])).toEqual([
      ['/api/customer/delete_address', { request_id: 42, address_id: 3 }],
    ]);
    expect(await (await addresses()).findByRole('link', { name: 'Edit address B' })).toBeVisible();
  });

  it('deletes through /app_api for a direct request', async () => {
    const { calls } = stubDetail(detailWith(2, 3, 1));
    renderDetail();
    const user = userEvent.setup();
    await user.click(await (await addresses()).findByRole('button', { name: 'Delete address A' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete address' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    expect(await screen.findByText(EDIT_MESSAGES.addressDeleted)).toBeVisible();
    expect(deletes(calls).map((call) => call.path)).toEqual(['/app_api/delete_address']);
  });

  it('says when a paid direct request’s delete went to the company to price', async () => {
    stubDetail(detailWith(3, 3, 1), { awaitingPrice: true });
    renderDetail();
    const user = userEvent.setup();
    await user.click(await (await addresses()).findByRole('button', { name: 'Delete address C' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete address' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    expect(await screen.findByText(CHANGE_MESSAGES.sentForPricing)).toBeVisible();
    expect((await addresses()).getByRole('button', { name: 'Delete address C' })).toBeVisible();
  });

  it('refuses to delete one of two addresses without asking the server', async () => {
    const { calls } = stubDetail(detailWith(0, 2));
    renderDetail();
    await userEvent.click(
      await (await addresses()).findByRole('button', { name: 'Delete address B' }),
    );
    expect(await screen.findByText(MSG.minTwoAddresses)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deletes(calls)).toHaveLength(0);
  });
});
