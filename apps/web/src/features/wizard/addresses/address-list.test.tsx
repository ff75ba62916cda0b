import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emptyAddress } from '../draft';
import { StepMap } from '../map/step-map';
import { NO_ADDRESS_FOUND_OFFLINE } from '../../../lib/maps/address-field';
import {
  addressField,
  chooseAddress,
  filledAddress,
  SPRING_ST,
  stubGeoServer,
  suggestionFor,
} from '../api/test-geo';
import { renderStep } from '../test-wizard';

describe('AddressList (step 0)', () => {
  it('fills the card and the draft with a chosen address in a served area', async () => {
    const { calls, fetchMock } = stubGeoServer(SPRING_ST);
    const { latest } = renderStep(<StepMap />);

    expect(addressField('A')).toHaveAttribute('placeholder', 'Pickup Address');
    expect(addressField('B')).toHaveAttribute('placeholder', 'Drop-off Address');
    await chooseAddress('A', '200', SPRING_ST.formated_address);

    await waitFor(() => expect(latest().addressList[0]?.isEmpty).toBe(false));
    expect(addressField('A')).toHaveValue(SPRING_ST.formated_address);
    expect(latest().addressList[0]).toMatchObject({
      label: 'A',
      zip_code: '90012',
      address: SPRING_ST.formated_address,
      formated_address: SPRING_ST.formated_address,
      city: 'Los Angeles',
      state: 'CA',
      state_code: 'CA',
      country: 'USA',
      street_number: '200',
      route: 'N Spring St',
      lat: 34.0537,
      lng: -118.2428,
      isZipEmpty: false,
    });
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain('/api/geo/autocomplete?input=200');
    expect(urls).toContain('/api/geo/geocode?place_id=place-90012');
    expect(calls.find((c) => c.path === '/api/customer/service_area')?.query).toEqual({
      zip_code: '90012',
    });
  });

  it('never offers the suggestions of earlier text while a newer answer is on its way', async () => {
    const LA = {
      ...suggestionFor(SPRING_ST),
      place_id: 'zip:90001',
      description: 'Los Angeles, CA 90001, USA',
    };
    const BEVERLY = {
      ...suggestionFor(SPRING_ST),
      place_id: 'zip:90210',
      zip_code: '90210',
      description: 'Beverly Hills, CA 90210, USA',
    };
    let release: () => void = () => {};
    stubGeoServer(SPRING_ST, {
      'GET /api/geo/autocomplete': async (_body, _init, url) => {
        if (url.searchParams.get('input') === 'Los Angeles') {
          return { code: 200, data: { predictions: [LA] } };
        }
        // The answer to 90210 is slow to come.
        await new Promise<void>((resolve) => (release = resolve));
        return { code: 200, data: { predictions: [BEVERLY] } };
      },
    });
    const user = userEvent.setup();
    renderStep(<StepMap />);

    await user.click(addressField('A'));
    await user.paste('Los Angeles');
    expect(await screen.findByRole('option', { name: LA.description })).toBeInTheDocument();
    await user.clear(addressField('A'));
    await user.paste('90210');

    // Typed ahead and while 90210 is asked: no option to click, only "Searching…".
    expect(screen.queryByRole('option', { name: LA.description })).not.toBeInTheDocument();
    expect(screen.getByText('Searching…')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('option', { name: /, CA \d{5}, USA$/ })).not.toBeInTheDocument();

    release();
    expect(await screen.findByRole('option', { name: BEVERLY.description })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: LA.description })).not.toBeInTheDocument();
  });

  it('takes a suggestion with the arrow keys and Enter, as a combobox does', async () => {
    stubGeoServer(SPRING_ST);
    const user = userEvent.setup();
    const { latest } = renderStep(<StepMap />);

    await user.type(addressField('A'), '200');
    const option = await screen.findByRole('option', { name: SPRING_ST.formated_address });
    const field = addressField('A');
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(field).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(field).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', option.id);
    expect(option).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(latest().addressList[0]?.isEmpty).toBe(false));
    expect(field).toHaveValue(SPRING_ST.formated_address);
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('closes the list on Escape and puts the chosen text back when the field is left', async () => {
    stubGeoServer(SPRING_ST);
    const user = userEvent.setup();
    const a = filledAddress(0);
    const { latest } = renderStep(<StepMap />, { draft: { addressList: [a, filledAddress(1)] } });

    await user.click(addressField('A'));
    await user.keyboard('{End} 9');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(addressField('A')).toHaveValue(`${a.address} 9`);
    await user.tab();

    expect(addressField('A')).toHaveValue(a.address);
    expect(latest().addressList[0]).toEqual(a);
  });

  it('says to type the street and its zip code when the offline search finds nothing', async () => {
    stubGeoServer(SPRING_ST, {
      'GET /api/geo/autocomplete': { code: 200, data: { predictions: [] } },
    });
    const user = userEvent.setup();
    renderStep(<StepMap />);

    await user.type(addressField('A'), '200 N Spring St');
    expect(await screen.findByText(NO_ADDRESS_FOUND_OFFLINE)).toBeInTheDocument();
    expect(NO_ADDRESS_FOUND_OFFLINE).toBe(
      'Type the street, then its zip code: 1600 Vine St, 90028. It is placed at the zip’s centre.',
    );
  });

  it("repeats the chosen place's zip under the field, and says offline it is approximate", async () => {
    stubGeoServer({ ...SPRING_ST, approximate: true });
    const { latest } = renderStep(<StepMap />);

    await chooseAddress('A', '200', SPRING_ST.formated_address);

    await waitFor(() => expect(latest().addressList[0]?.isEmpty).toBe(false));
    expect(addressField('A')).toHaveAccessibleDescription(
      'Zip 90012 · Los Angeles, CA · approximate location',
    );
    // The card keeps it: the map says so too.
    expect(latest().addressList[0]?.isApproximate).toBe(true);
  });

  it('asks for suggestions only from 2 typed characters', async () => {
    const { calls } = stubGeoServer();
    const user = userEvent.setup();
    renderStep(<StepMap />);

    await user.type(addressField('A'), '2');
    expect(await screen.findByText('Type at least 2 characters')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls.some((c) => c.path === '/api/geo/autocomplete')).toBe(false);
  });

  it('accepts an address without a zip without the area check', async () => {
    const noZip = { ...SPRING_ST, zip_code: '', formated_address: 'Spring St, Los Angeles, CA' };
    const { calls } = stubGeoServer(noZip);
    const { latest } = renderStep(<StepMap />);

    await chooseAddress('B', 'Sp', noZip.formated_address);

    await waitFor(() => expect(latest().addressList[1]?.isEmpty).toBe(false));
    expect(latest().addressList[1]).toMatchObject({ zip_code: '', isZipEmpty: true });
    expect(calls.some((c) => c.path === '/api/customer/service_area')).toBe(false);
  });

  it('empties the card when its address is cleared', async () => {
    stubGeoServer();
    const user = userEvent.setup();
    const a = filledAddress(0, { unitNumber: '4B', isStorage: true });
    const { latest } = renderStep(<StepMap />, { draft: { addressList: [a, filledAddress(1)] } });

    expect(addressField('A')).toHaveValue(a.address);
    // MUI shows its clear control on hover or focus only, which jsdom's styles do not reflect:
    // the control is found by its title.
    await user.click(addressField('A'));
    await user.click(screen.getByTitle('Clear address A'));

    expect(addressField('A')).toHaveValue('');
    expect(latest().addressList[0]).toEqual({ ...emptyAddress(0), id: a.id });
    expect(latest().addressList[1]?.isEmpty).toBe(false);
  });

  it('empties the card when its text is deleted', async () => {
    stubGeoServer();
    const user = userEvent.setup();
    const b = filledAddress(1);
    const { latest } = renderStep(<StepMap />, {
      draft: { addressList: [filledAddress(0), b] },
    });

    await user.clear(addressField('B'));

    expect(latest().addressList[1]).toEqual({ ...emptyAddress(1), id: b.id });
  });

  it('adds addresses up to F, then offers no more', async () => {
    stubGeoServer();
    const user = userEvent.setup();
    const { latest } = renderStep(<StepMap />);

    for (let i = 0; i < 4; i++) {
      await user.click(screen.getByRole('button', { name: 'Add address' }));
    }

    expect(latest().addressList.map((a) => a.label)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(addressField('F')).toHaveAttribute('placeholder', 'New Address');
    expect(addressField('F')).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Add address' })).not.toBeInTheDocument();
    expect(screen.getByText('You can add up to 6 addresses.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove address F' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove address A' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove address B' })).not.toBeInTheDocument();
  });

  it('relabels the addresses after a removed one', async () => {
    stubGeoServer();
    const user = userEvent.setup();
    const { latest } = renderStep(<StepMap />, {
      draft: {
        addressList: [
          filledAddress(0),
          filledAddress(1),
          filledAddress(2, { address: 'Third stop' }),
          filledAddress(3, { address: 'Fourth stop' }),
        ],
      },
    });

    await user.click(screen.getByRole('button', { name: 'Remove address C' }));

    expect(latest().addressList.map((a) => [a.label, a.address, a.placeholder])).toEqual([
      ['A', filledAddress(0).address, 'Pickup Address'],
      ['B', filledAddress(1).address, 'Drop-off Address'],
      ['C', 'Fourth stop', 'New Address'],
    ]);
    expect(addressField('C')).toHaveValue('Fourth stop');
    expect(screen.queryByRole('combobox', { name: 'Address D' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add address' })).toHaveFocus();
  });
});
