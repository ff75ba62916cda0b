import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, type GeocodedAddress } from '@movehub/shared';
import { stubFetch, type StubHandler } from '../../../test/fetch-stub';
import { emptyAddress, type WizardAddress } from '../draft';

/** Test data and a fake geo server for the step 0 tests (not imported by the app). */

export const SPRING_ST: GeocodedAddress = {
  zip_code: '90012',
  city: 'Los Angeles',
  state: 'CA',
  country: 'USA',
  country_code: 'US',
  formated_address: '200 N Spring St, Los Angeles, CA 90012, USA',
  lat: 34.0537,
  lng: -118.2428,
  street_number: '200',
  route: 'N Spring St',
};

/** New York: not served. */
export const FIFTH_AVE: GeocodedAddress = {
  zip_code: '10001',
  city: 'New York',
  state: 'NY',
  country: 'USA',
  country_code: 'US',
  formated_address: '350 5th Ave, New York, NY 10001, USA',
  lat: 40.7484,
  lng: -73.9857,
};

export function suggestionFor(place: GeocodedAddress) {
  return {
    place_id: `place-${place.zip_code || 'nozip'}`,
    description: place.formated_address,
    zip_code: place.zip_code || null,
    city: place.city,
    state: place.state,
    country: place.country,
    latitude: place.lat,
    longitude: place.lng,
  };
}

/** GET /api/customer/service_area: 10001 (New York) is not served, any other zip is. */
export function serviceArea(url: URL) {
  const zip = url.searchParams.get('zip_code') ?? '';
  const served = zip !== '10001';
  return {
    code: 200,
    message: served ? 'Your area is served.' : MSG.notInArea,
    data: { zip_code: zip, served },
  };
}

/**
 * The fake server of step 0: autocomplete offers `place`, geocoding returns it, 10001 is not
 * served, the wait-list takes anything, directions go straight through the points.
 */
export function stubGeoServer(
  place: GeocodedAddress = SPRING_ST,
  handlers: Record<string, StubHandler> = {},
) {
  return stubFetch({
    'GET /api/geo/config': {
      code: 200,
      data: {
        map_tile_url: null,
        provider: 'offline',
        default_center: { lat: 33.9679, lng: -118.297 },
        default_zoom: 11,
      },
    },
    'GET /api/geo/autocomplete': { code: 200, data: { predictions: [suggestionFor(place)] } },
    'GET /api/geo/geocode': { code: 200, data: { address: place } },
    'GET /api/customer/service_area': (_body, _init, url) => serviceArea(url),
    'POST /api/customer/add_wishlist_area': { code: 200, message: MSG.waitlistAdded },
    'POST /api/geo/directions': (body) => {
      const points = (body as { points: { lat: number; lng: number }[] }).points;
      return { code: 200, data: { route: { distance_miles: 12.3, points, legs: [] } } };
    },
    ...handlers,
  });
}

/** A chosen address at `index`, as step 0 leaves it after a served pick. */
export function filledAddress(
  index: number,
  overrides: Partial<WizardAddress> = {},
): WizardAddress {
  const text = `${index + 1}00 Main St, Los Angeles, CA 90001, USA`;
  return {
    ...emptyAddress(index),
    address: text,
    formated_address: text,
    zip_code: '90001',
    city: 'Los Angeles',
    state: 'CA',
    state_code: 'CA',
    country: 'USA',
    street_number: `${index + 1}00`,
    route: 'Main St',
    lat: 33.95 + index / 100,
    lng: -118.25 - index / 100,
    isEmpty: false,
    ...overrides,
  };
}

/** A later day whatever the clock says, with its default window. */
export const LATER_DAY = {
  date: '03-20-2099',
  timeRange: {
    move_duration: '08:00 - 09:00',
    start_window_from: '08:00',
    start_window_to: '09:00',
  },
};

export const addressField = (label: string) =>
  screen.getByRole('combobox', { name: `Address ${label}` });

/** Types into an address's search and picks the suggestion `description`. */
export async function chooseAddress(label: string, typed: string, description: string) {
  const user = userEvent.setup();
  await user.type(addressField(label), typed);
  await user.click(await screen.findByRole('option', { name: description }));
}
