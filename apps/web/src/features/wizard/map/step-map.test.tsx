import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getToast } from '../../../lib/toast';
import { emptyAddress, Screen } from '../draft';
import { MAP_STEP_MESSAGES } from './map-step-validation';
import { StepMap } from './step-map';
import {
  addressField,
  chooseAddress,
  filledAddress,
  LATER_DAY,
  SPRING_ST,
  stubGeoServer,
} from '../api/test-geo';
import { renderStep } from '../test-wizard';
import { ROUTE_COLOR } from '../../../lib/maps/map-layers';

const dateField = () => screen.getByLabelText(/Move Date/) as HTMLInputElement;

describe('StepMap: Next and Back', () => {
  it('keeps step 0 and flags the empty pick-up and drop-off', async () => {
    stubGeoServer();
    const user = userEvent.setup();
    const { latest } = renderStep(<StepMap />, { draft: LATER_DAY });

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'When and where are you moving?',
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByText(MAP_STEP_MESSAGES.pickUp)).toBeInTheDocument();
    expect(screen.getByText(MAP_STEP_MESSAGES.dropOff)).toBeInTheDocument();
    expect(addressField('A')).toHaveAttribute('aria-invalid', 'true');
    expect(addressField('B')).toHaveAttribute('aria-invalid', 'true');
    expect(addressField('A')).toHaveFocus();
    expect(screen.queryByText(MAP_STEP_MESSAGES.dateTime)).not.toBeInTheDocument();
    expect(latest().screen).toBe(Screen.map);
  });

  it('keeps step 0 and asks for the street of an address chosen as a zip code alone', async () => {
    // A maps service may offer a zip code's area; a truck needs a street (issue 31).
    const zipOnly = {
      ...SPRING_ST,
      formated_address: 'Los Angeles, CA 90028, USA',
      zip_code: '90028',
      street_number: undefined,
      route: undefined,
    };
    stubGeoServer(zipOnly);
    const user = userEvent.setup();
    const { latest } = renderStep(<StepMap />, {
      draft: { ...LATER_DAY, addressList: [filledAddress(0), emptyAddress(1)] },
    });

    await chooseAddress('B', '90028', zipOnly.formated_address);
    await waitFor(() => expect(latest().addressList[1]?.isEmpty).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByText(MAP_STEP_MESSAGES.street)).toBeInTheDocument();
    expect(addressField('B')).toHaveAttribute('aria-invalid', 'true');
    expect(addressField('B')).toHaveFocus();
    expect(addressField('A')).toHaveAttribute('aria-invalid', 'false');
    expect(latest().screen).toBe(Screen.map);
  });

  it('keeps step 0 and marks the date red without a date and window', async () => {
    stubGeoServer();
    const user = userEvent.setup();
    const { latest } = renderStep(<StepMap />, {
      draft: { addressList: [filledAddress(0), filledAddress(1)] },
    });

    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByText(MAP_STEP_MESSAGES.dateTime)).toBeInTheDocument();
    expect(dateField()).toHaveAttribute('aria-invalid', 'true');
    expect(dateField()).toHaveFocus();
    expect(latest().screen).toBe(Screen.map);

    // The mark goes as soon as the date is given (a later day brings its default window).
    fireEvent.change(dateField(), { target: { value: '2099-03-20' } });
    expect(screen.queryByText(MAP_STEP_MESSAGES.dateTime)).not.toBeInTheDocument();
    expect(dateField()).toHaveAttribute('aria-invalid', 'false');
  });

  it('opens step 1 when valid and drops an empty added card', async () => {
    stubGeoServer();
    const user = userEvent.setup();
    const { latest } = renderStep(<StepMap />, {
      draft: { ...LATER_DAY, addressList: [filledAddress(0), filledAddress(1), emptyAddress(2)] },
    });

    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(latest().screen).toBe(Screen.details));
    expect(latest().addressList.map((a) => a.label)).toEqual(['A', 'B']);
    expect(latest().date).toBe('03-20-2099');
    expect(latest().timeRange.move_duration).toBe('08:00 - 09:00');
  });

  it('waits for a picked address still being looked up, then opens step 1', async () => {
    // The place of a picked suggestion is slow to come: the card is filled only when it does.
    let release: () => void = () => {};
    stubGeoServer(SPRING_ST, {
      'GET /api/geo/geocode': async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return { code: 200, data: { address: SPRING_ST } };
      },
    });
    const user = userEvent.setup();
    const { latest } = renderStep(<StepMap />, {
      draft: { ...LATER_DAY, addressList: [filledAddress(0), emptyAddress(1)] },
    });
    await user.type(addressField('B'), '200');
    await user.click(await screen.findByRole('option', { name: SPRING_ST.formated_address }));

    // Next before the place has come: no error for an address that was picked, and no step 1.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByText(MAP_STEP_MESSAGES.dropOff)).not.toBeInTheDocument();
    expect(latest().screen).toBe(Screen.map);

    release();
    await waitFor(() => expect(latest().screen).toBe(Screen.details));
    expect(latest().addressList[1]).toMatchObject({ isEmpty: false, zip_code: '90012' });
    expect(screen.queryByText(MAP_STEP_MESSAGES.dropOff)).not.toBeInTheDocument();
  });

  it('returns to the dashboard with Back', async () => {
    stubGeoServer();
    const user = userEvent.setup();
    const { router } = renderStep(<StepMap />);

    await user.click(screen.getByRole('button', { name: 'Back' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('StepMap: map', () => {
  it('shows a picture of the area until an address is placed, and the map on request', async () => {
    stubGeoServer();
    const user = userEvent.setup();
    renderStep(<StepMap />, { draft: { addressList: [emptyAddress(0), emptyAddress(1)] } });

    const map = screen.getByRole('region', { name: 'Map of your move' });
    expect(
      await within(map).findByText('Your addresses appear here once you pick them.'),
    ).toBeInTheDocument();
    // The offline basemap, drawn without Leaflet: the city at the default centre is named.
    expect(await within(map).findByText('Los Angeles')).toBeInTheDocument();
    expect(map.querySelector('.leaflet-container')).toBeNull();

    await user.click(within(map).getByRole('button', { name: 'Explore the map' }));

    await waitFor(() => expect(map.querySelector('.leaflet-container')).not.toBeNull());
    expect(within(map).queryByText('Your addresses appear here once you pick them.')).toBeNull();
  });

  it('says on the map which address is placed at its zip centre, an approximate location', async () => {
    stubGeoServer();
    const a = filledAddress(0, { isApproximate: true });
    const b = filledAddress(1);
    renderStep(<StepMap />, { draft: { addressList: [a, b] } });

    const map = screen.getByRole('region', { name: 'Map of your move' });
    expect(
      await within(map).findByRole('button', { name: `A: ${a.address} (approximate location)` }),
    ).toBeInTheDocument();
    expect(await within(map).findByRole('button', { name: `B: ${b.address}` })).toBeInTheDocument();
  });

  it('marks each chosen address and draws the red route through them after a second', async () => {
    const { calls } = stubGeoServer();
    const a = filledAddress(0);
    const b = filledAddress(1);
    renderStep(<StepMap />, { draft: { addressList: [a, b, emptyAddress(2)] } });

    const map = screen.getByRole('region', { name: 'Map of your move' });
    expect(await within(map).findByRole('button', { name: `A: ${a.address}` })).toBeInTheDocument();
    expect(await within(map).findByRole('button', { name: `B: ${b.address}` })).toBeInTheDocument();
    // The empty C has no marker.
    expect(within(map).queryByRole('button', { name: /^C:/ })).not.toBeInTheDocument();
    // spec §9: the lookup waits a second after load.
    expect(calls.some((c) => c.path === '/api/geo/directions')).toBe(false);

    await waitFor(() => expect(calls.some((c) => c.path === '/api/geo/directions')).toBe(true));
    expect(calls.find((c) => c.path === '/api/geo/directions')?.body).toEqual({
      points: [
        { lat: a.lat, lng: a.lng },
        { lat: b.lat, lng: b.lng },
      ],
    });
    await waitFor(() => expect(map.querySelector(`path[stroke="${ROUTE_COLOR}"]`)).not.toBeNull());
  });

  it('only logs a failed directions lookup', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubGeoServer(SPRING_ST, {
      'POST /api/geo/directions': { code: 500, message: 'Directions are down.' },
    });
    renderStep(<StepMap />, { draft: { addressList: [filledAddress(0), filledAddress(1)] } });

    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Directions lookup failed', expect.anything()),
    );
    expect(getToast()).toBeNull();
    expect(screen.queryByText('Directions are down.')).not.toBeInTheDocument();
  });
});
