import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHANGE_MESSAGES,
  EDIT_MESSAGES,
  MSG,
  type GeocodedAddress,
  type RequestDetail,
} from '@movehub/shared';
import { stubFetch, type StubHandler } from '../../test/fetch-stub';
import { buildRequestDetail } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { dashboardStubs, GEO_CONFIG_STUB, signInCustomer } from '../../test/sessions';

const OCEAN_AVE: GeocodedAddress = {
  zip_code: '90401',
  city: 'Santa Monica',
  state: 'CA',
  country: 'USA',
  country_code: 'US',
  formated_address: '1200 Ocean Ave, Santa Monica, CA 90401, USA',
  lat: 34.0195,
  lng: -118.4912,
  street_number: '1200',
  route: 'Ocean Ave',
};

/** A request before bidding whose first address is fully described. */
function requestAt(status: number, requestType = 0): RequestDetail {
  const detail = buildRequestDetail({
    request: { id: 42, request_timeline_status: status, request_type: requestType },
  });
  detail.request_address[0] = {
    ...detail.request_address[0]!,
    apartment_number: 'Apt 4',
    address_detail: 'Blue door',
    is_stairs: true,
    is_elevator: false,
    number_of_flights: 2,
    is_hardwood_floor: true,
    parking_and_building_info: 'Loading zone',
    latitude: 33.97,
    longitude: -118.25,
    city: 'Los Angeles',
    state: 'CA',
  };
  return detail;
}

function stubServer(detail: RequestDetail, more: Record<string, StubHandler> = {}) {
  const edited = (message: string) => ({
    code: 200,
    message,
    data: {
      request_id: detail.request.id,
      request_address: detail.request_address,
      request_item: [],
      extra_request_items: [],
      net_distance: 12,
      recommend_amount: 500,
      awaiting_price: false,
    },
  });
  return stubFetch({
    ...dashboardStubs(),
    'POST /api/customer/customer_request_detail': { code: 200, data: detail },
    'GET /api/geo/config': GEO_CONFIG_STUB,
    'GET /api/geo/autocomplete': {
      code: 200,
      data: {
        predictions: [
          {
            place_id: 'place-90401',
            description: OCEAN_AVE.formated_address,
            zip_code: '90401',
            city: 'Santa Monica',
            state: 'CA',
            country: 'USA',
            latitude: OCEAN_AVE.lat,
            longitude: OCEAN_AVE.lng,
          },
        ],
      },
    },
    'GET /api/geo/geocode': { code: 200, data: { address: OCEAN_AVE } },
    'POST /api/customer/add_address': edited(EDIT_MESSAGES.addressAdded),
    'POST /app_api/add_address': edited(EDIT_MESSAGES.addressAdded),
    'POST /api/customer/edit_address': edited(EDIT_MESSAGES.addressUpdated),
    'POST /app_api/edit_address': edited(EDIT_MESSAGES.addressUpdated),
    ...more,
  });
}

function renderAt(path: string) {
  signInCustomer();
  return renderApp(path);
}

/** The request's detail page, where the form returns. */
async function expectRequestDetail() {
  expect(await screen.findByRole('heading', { level: 1, name: 'Request DETAIL' })).toBeVisible();
  expect(window.location.pathname).toBe('/dashboard/my-requests/42');
}

async function chooseOceanAve(label: string) {
  const user = userEvent.setup();
  const field = await screen.findByRole('combobox', { name: label });
  await user.clear(field);
  await user.type(field, '90401');
  await user.click(await screen.findByRole('option', { name: OCEAN_AVE.formated_address }));
  await waitFor(() => expect(field).toHaveValue(OCEAN_AVE.formated_address));
}

const posted = (calls: ReturnType<typeof stubServer>['calls'], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path);

beforeAll(
  () =>
    preloadScreens(
      '/dashboard/my-requests/add-address/42',
      '/dashboard/my-requests/edit-address/42/1',
      '/add-address/42',
      '/dashboard/my-requests/42',
    ),
  60_000,
);

describe('AddAddressPage', () => {
  it('asks for a place from the suggestions and a zip, and sends nothing without them', async () => {
    const { calls } = stubServer(requestAt(0));
    renderAt('/dashboard/my-requests/add-address/42');

    expect(await screen.findByRole('heading', { level: 1, name: 'Add Address' })).toBeVisible();
    // A third address: the next letter after A and B.
    expect(await screen.findByRole('combobox', { name: 'Address C' })).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Add Address' }));

    expect(await screen.findByText(MSG.addressInvalid)).toBeVisible();
    expect(screen.getByText(MSG.zipRequired)).toBeVisible();
    // The first error, the missing place, takes the focus.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Address C' })).toHaveFocus());
    expect(posted(calls, '/api/customer/add_address')).toHaveLength(0);
  });

  it('sends a marketplace request’s new address to /api/customer/add_address and returns to the detail', async () => {
    const { calls } = stubServer(requestAt(1));
    renderAt('/dashboard/my-requests/add-address/42');
    const user = userEvent.setup();

    await chooseOceanAve('Address C');
    // The zip came with the place.
    expect(screen.getByRole('textbox', { name: /Zip Code/ })).toHaveValue('90401');
    await user.type(screen.getByRole('textbox', { name: 'Unit / Apartment number' }), '12B');
    await user.click(screen.getByRole('radio', { name: 'Stairs' }));
    await user.click(screen.getByRole('button', { name: 'Increase flights' }));
    await user.click(screen.getByRole('checkbox', { name: 'Storage' }));
    await user.click(screen.getByRole('button', { name: 'Add Address' }));

    await expectRequestDetail();
    expect(screen.getByText(EDIT_MESSAGES.addressAdded)).toBeVisible();
    expect(posted(calls, '/app_api/add_address')).toHaveLength(0);
    const [sent] = posted(calls, '/api/customer/add_address');
    expect(sent?.body).toMatchObject({
      request_id: 42,
      complete_address: OCEAN_AVE.formated_address,
      street_address: '1200 Ocean Ave',
      zip_code: '90401',
      city: 'Santa Monica',
      state: 'CA',
      country: 'USA',
      latitude: OCEAN_AVE.lat,
      longitude: OCEAN_AVE.lng,
      apartment_number: '12B',
      is_storage: true,
      is_stairs: true,
      is_elevator: false,
      number_of_flights: 2,
      address_type: 2,
    });
  });

  it('shows the server’s refusal as a banner and stays on the form', async () => {
    const refusal = 'We are not in your area yet...';
    stubServer(requestAt(0), {
      'POST /api/customer/add_address': { code: 422, message: refusal },
    });
    renderAt('/add-address/42');

    await chooseOceanAve('Address C');
    await userEvent.click(screen.getByRole('button', { name: 'Add Address' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('button', { name: 'Add Address' })).toBeEnabled();
    expect(screen.queryByRole('heading', { level: 1, name: 'Request DETAIL' })).toBeNull();
    expect(window.location.pathname).toBe('/add-address/42');
  });

  it('offers no form once the request can no longer be edited', async () => {
    stubServer(requestAt(3));
    renderAt('/dashboard/my-requests/add-address/42');
    expect(
      await screen.findByText('The addresses of this request can no longer be changed.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add Address' })).not.toBeInTheDocument();
  });
});

describe('EditAddressPage', () => {
  it('opens with the address’s stored values', async () => {
    stubServer(requestAt(0));
    renderAt('/dashboard/my-requests/edit-address/42/1');

    expect(await screen.findByRole('combobox', { name: 'Address A' })).toHaveValue(
      '100 Main St, Los Angeles, CA',
    );
    expect(screen.getByRole('textbox', { name: /Zip Code/ })).toHaveValue('90001');
    expect(screen.getByRole('textbox', { name: 'Unit / Apartment number' })).toHaveValue('Apt 4');
    expect(screen.getByRole('textbox', { name: 'Address details' })).toHaveValue('Blue door');
    expect(screen.getByRole('textbox', { name: 'Parking and building info' })).toHaveValue(
      'Loading zone',
    );
    expect(screen.getByRole('radio', { name: 'Stairs' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Flights' })).toHaveValue(2);
    expect(screen.getByRole('checkbox', { name: 'Hardwood Floor' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Storage' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Pick up' })).toBeChecked();
  });

  it('asks for the zip when it is emptied', async () => {
    const { calls } = stubServer(requestAt(0));
    renderAt('/dashboard/my-requests/edit-address/42/1');
    const zip = await screen.findByRole('textbox', { name: /Zip Code/ });
    await userEvent.clear(zip);
    await userEvent.click(screen.getByRole('button', { name: 'Update Address' }));
    expect(await screen.findByText(MSG.zipRequired)).toBeVisible();
    await waitFor(() => expect(zip).toHaveFocus());
    expect(posted(calls, '/api/customer/edit_address')).toHaveLength(0);
  });

  it('sends a direct request’s edit to /app_api/edit_address with the address id', async () => {
    const { calls } = stubServer(requestAt(4, 1));
    renderAt('/dashboard/my-requests/edit-address/42/2');
    const user = userEvent.setup();

    await chooseOceanAve('Address B');
    await user.click(screen.getByRole('button', { name: 'Update Address' }));

    await expectRequestDetail();
    expect(screen.getByText(EDIT_MESSAGES.addressUpdated)).toBeVisible();
    expect(posted(calls, '/api/customer/edit_address')).toHaveLength(0);
    const [sent] = posted(calls, '/app_api/edit_address');
    expect(sent?.body).toMatchObject({
      request_id: 42,
      address_id: 2,
      complete_address: OCEAN_AVE.formated_address,
      zip_code: '90401',
      address_type: 2,
      // An elevator address sends no flights.
      is_elevator: true,
      number_of_flights: 0,
    });
  });

  it('opens an address with no flights set at the edit default of 13, sent once stairs is chosen', async () => {
    const detail = requestAt(0);
    detail.request_address[1] = {
      ...detail.request_address[1]!,
      latitude: 34.14,
      longitude: -118.14,
    };
    const { calls } = stubServer(detail);
    renderAt('/dashboard/my-requests/edit-address/42/2');
    const user = userEvent.setup();

    // spec §9: "the edit default is 13 when none is set" (address B has an elevator, no flights).
    const flights = await screen.findByRole('spinbutton', { name: 'Flights' });
    expect(screen.getByRole('radio', { name: 'Elevator' })).toBeChecked();
    expect(flights).toHaveValue(13);
    expect(flights).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Stairs' }));
    expect(flights).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Update Address' }));

    await expectRequestDetail();
    const [sent] = posted(calls, '/api/customer/edit_address');
    expect(sent?.body).toMatchObject({ address_id: 2, is_stairs: true, number_of_flights: 13 });
  });

  it('says when the edit went to the company to price', async () => {
    const detail = requestAt(3, 1);
    stubServer(detail, {
      'POST /app_api/edit_address': {
        code: 200,
        message: CHANGE_MESSAGES.sentForPricing,
        data: {
          request_id: 42,
          request_address: detail.request_address,
          request_item: [],
          extra_request_items: [],
          net_distance: 12,
          recommend_amount: null,
          awaiting_price: true,
        },
      },
    });
    renderAt('/dashboard/my-requests/edit-address/42/1');

    // An unchanged address has nothing to send.
    const update = await screen.findByRole('button', { name: 'Update Address' });
    expect(update).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Hardwood Floor' }));
    await userEvent.click(update);
    await expectRequestDetail();
    expect(screen.getByText(CHANGE_MESSAGES.sentForPricing)).toBeVisible();
  });
});
