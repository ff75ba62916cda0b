import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FLIGHTS_LIMIT_MESSAGE, GROUND_FLOOR_LABEL, MAX_FLIGHTS, MSG } from '@movehub/shared';
import { getToast } from '../../../lib/toast';
import { stubFetch } from '../../../test/fetch-stub';
import { emptyAddress, Screen, type WizardAddress } from '../draft';
import { StepDetails, ZIP_FORMAT_MESSAGE } from './step-details';
import { serviceArea } from '../api/test-geo';
import { MOVE_TYPES } from '../../../lib/items/test-catalogue';
import { renderStep, TEST_PROFILE } from '../test-wizard';
import type { WizardContextValue } from '../wizard-context';

function address(index: number, overrides: Partial<WizardAddress> = {}): WizardAddress {
  return { ...emptyAddress(index), isEmpty: false, ...overrides };
}

function renderDetails(addressList?: WizardAddress[], direct?: WizardContextValue['direct']) {
  const server = stubFetch({
    'GET /api/customer/get_move_type': { code: 200, data: { moveTypeItems: MOVE_TYPES } },
    // Los Angeles is served; New York (10001) is not.
    'GET /api/customer/service_area': (_body, _init, url) => serviceArea(url),
  });
  const view = renderStep(<StepDetails />, {
    direct,
    draft: {
      screen: Screen.details,
      addressList: addressList ?? [
        address(0, { address: '100 Main St, Los Angeles, CA 90012, USA', zip_code: '90012' }),
        address(1, { address: '200 Ocean Ave, Santa Monica, CA 90401, USA', zip_code: '90401' }),
      ],
    },
  });
  return { ...server, ...view };
}

// Role queries over the whole form are slow in jsdom; the cards are found by their headings.
const card = (label: string) =>
  screen.getByRole('heading', { level: 2, name: `Address ${label}` }).closest('section')!;
// The combobox is named by its label and the size shown in it.
const moveSize = () => screen.getByRole('combobox', { name: /^Move Size/ });
const setup = () => userEvent.setup({ delay: null });
// The wizard's one Next button, found by its text: a role query over the whole form is slow
// enough in jsdom to push a long test past its timeout on a busy machine.
const nextButton = () => screen.getByText('Next', { selector: 'button' });

async function chooseMoveSize(name: string) {
  const user = setup();
  await waitFor(() => expect(moveSize()).not.toHaveAttribute('aria-disabled'));
  await user.click(moveSize());
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

describe('StepDetails', () => {
  it("refuses Next without a move size: 'Please select move size.' on the field and in an error toast", async () => {
    const { latest } = renderDetails();
    const user = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Location details' })).toBeInTheDocument();
    expect(document.querySelector('input[name="move_type"]')).toHaveValue('');
    await waitFor(() => expect(moveSize()).not.toHaveAttribute('aria-disabled'));

    await user.click(nextButton());

    expect(moveSize()).toHaveAccessibleDescription(MSG.selectMoveSize);
    expect(moveSize()).toHaveAttribute('aria-invalid', 'true');
    expect(moveSize()).toHaveFocus();
    expect(getToast()).toMatchObject({ message: MSG.selectMoveSize, severity: 'error' });
    expect(latest().screen).toBe(Screen.details);
  });

  it('sets the movers default from the move size and keeps it when the size changes', async () => {
    const { latest } = renderDetails();
    await chooseMoveSize('Studio');
    expect(latest().moveType).toEqual({ id: 1, name: 'Studio' });
    expect(document.querySelector('input[name="move_type"]')).toHaveValue('1');
    expect(latest().requestKeyValue.movers).toBe(2);

    await chooseMoveSize('2 bed room apt.');
    expect(latest().requestKeyValue.movers).toBe(3);
    await chooseMoveSize('3 bed room apt.');
    expect(latest().requestKeyValue.movers).toBe(4);
  });

  it("asks for every address's zip with 'Please enter the zip code for address.' and marks that field", async () => {
    const { latest } = renderDetails([
      address(0, { address: '100 Main St', zip_code: '90012' }),
      address(1, { address: 'Somewhere without a zip', zip_code: '', isZipEmpty: true }),
    ]);
    const user = setup();
    await chooseMoveSize('Studio');
    await user.click(nextButton());

    expect(getToast()).toMatchObject({ message: MSG.zipForAddress, severity: 'error' });
    const zipB = within(card('B')).getByRole('textbox', { name: 'Zip Code' });
    expect(zipB).toHaveAttribute('aria-invalid', 'true');
    expect(zipB).toHaveAttribute('name', 'zip_code');
    expect(within(card('B')).getByText(MSG.zipForAddress)).toBeInTheDocument();
    expect(within(card('A')).getByRole('textbox', { name: 'Zip Code' })).toHaveAttribute(
      'aria-invalid',
      'false',
    );
    expect(latest().screen).toBe(Screen.details);

    await user.type(zipB, '90401');
    await user.click(nextButton());
    // spec §4: step 1 leads to step 2.
    await waitFor(() => expect(latest().screen).toBe(Screen.itemsOption));
    expect(latest().addressList[1]).toMatchObject({ zip_code: '90401', isZipEmpty: false });
  });

  it('checks a typed zip against the service area and offers the wait-list when it is not served', async () => {
    const { latest, calls } = renderDetails([
      address(0, { address: '100 Main St', zip_code: '90012' }),
      address(1, { address: 'Broadway, New York', zip_code: '', isZipEmpty: true }),
    ]);
    const user = setup();
    await chooseMoveSize('Studio');
    const zipB = within(card('B')).getByRole('textbox', { name: 'Zip Code' });
    await user.type(zipB, '10001');
    await user.click(nextButton());

    const dialog = await screen.findByRole('dialog', { name: 'Area not found' });
    expect(within(dialog).getByText(MSG.notInArea)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Zip code' })).toHaveValue('10001');
    expect(latest().screen).toBe(Screen.details);
    const asked = calls.filter((c) => c.path === '/api/customer/service_area');
    expect(asked.map((c) => c.query)).toEqual([{ zip_code: '90012' }, { zip_code: '10001' }]);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    // Until its exit transition ends, the dialog hides the rest of the page from role queries.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.clear(zipB);
    await user.type(zipB, '90401');
    await user.click(nextButton());
    await waitFor(() => expect(latest().screen).toBe(Screen.itemsOption));
    // 90012 was served before: asked once only.
    const again = calls.filter((c) => c.path === '/api/customer/service_area');
    expect(again.map((c) => c.query)).toEqual([
      { zip_code: '90012' },
      { zip_code: '10001' },
      { zip_code: '90401' },
    ]);
  });

  it('does not check the service area on a direct link (spec §4: non-direct requests only)', async () => {
    const { latest, calls } = renderDetails(
      [
        address(0, { address: '100 Main St', zip_code: '90012' }),
        address(1, { address: '350 5th Ave, New York', zip_code: '10001' }),
      ],
      { link: 'swift-la', profile: TEST_PROFILE },
    );
    await chooseMoveSize('Studio');
    await setup().click(nextButton());
    await waitFor(() => expect(latest().screen).toBe(Screen.itemsOption));
    expect(calls.some((c) => c.path === '/api/customer/service_area')).toBe(false);
  });

  it('takes only digits in a typed zip and wants five of them', async () => {
    const { latest } = renderDetails();
    const user = setup();
    await chooseMoveSize('Studio');
    const zipA = within(card('A')).getByRole('textbox', { name: 'Zip Code' });
    await user.clear(zipA);
    await user.type(zipA, '9a0-01');
    expect(zipA).toHaveValue('9001');

    await user.click(nextButton());
    expect(within(card('A')).getByText(ZIP_FORMAT_MESSAGE)).toBeInTheDocument();
    expect(getToast()).toMatchObject({ message: MSG.zipForAddress, severity: 'error' });
    expect(latest().screen).toBe(Screen.details);

    await user.type(zipA, '23456');
    expect(zipA).toHaveValue('90012');
  });

  it("lets flights be edited only with stairs, never below 0, and shows 'Ground Floor' at 0", async () => {
    const { latest } = renderDetails();
    const user = setup();
    const a = card('A');
    const flights = within(a).getByRole('spinbutton', { name: 'Flights' });
    expect(flights).toHaveAttribute('name', 'flights');
    expect(within(a).getByRole('radio', { name: 'Elevator' })).toBeChecked();
    expect(flights).toBeDisabled();
    expect(within(a).getByRole('button', { name: 'Increase flights' })).toBeDisabled();

    await user.click(within(a).getByRole('radio', { name: 'Stairs' }));
    expect(flights).toBeEnabled();
    expect(flights).toHaveValue(1);
    // Each card's lift type is its own group.
    expect(within(card('B')).getByRole('radio', { name: 'Elevator' })).toBeChecked();

    await user.click(within(a).getByRole('button', { name: 'Decrease flights' }));
    expect(flights).toHaveValue(0);
    expect(within(a).getByText(GROUND_FLOOR_LABEL)).toBeInTheDocument();
    expect(within(a).getByRole('button', { name: 'Decrease flights' })).toBeDisabled();

    await user.clear(flights);
    await user.type(flights, '-3');
    expect(latest().addressList[0]!.flights).toBeGreaterThanOrEqual(0);
    await user.clear(flights);
    await user.type(flights, '3');
    expect(flights).toHaveValue(3);
    await user.click(within(a).getByRole('button', { name: 'Increase flights' }));
    expect(latest().addressList[0]).toMatchObject({ liftType: 'stairs', flights: 4 });
    expect(within(a).queryByText(GROUND_FLOOR_LABEL)).not.toBeInTheDocument();
  });

  it(`keeps flights at most ${MAX_FLIGHTS}, the server's limit, and says so when more is typed`, async () => {
    const { latest } = renderDetails();
    const user = setup();
    const a = card('A');
    await user.click(within(a).getByRole('radio', { name: 'Stairs' }));
    const flights = within(a).getByRole('spinbutton', { name: 'Flights' });
    expect(within(a).queryByText(FLIGHTS_LIMIT_MESSAGE)).not.toBeInTheDocument();

    await user.clear(flights);
    await user.type(flights, String(MAX_FLIGHTS + 5));
    expect(latest().addressList[0]!.flights).toBe(MAX_FLIGHTS);
    expect(within(a).getByText(FLIGHTS_LIMIT_MESSAGE)).toBeInTheDocument();
    expect(flights).toHaveAttribute('aria-invalid', 'true');
    expect(within(a).getByRole('button', { name: 'Increase flights' })).toBeDisabled();

    await user.click(within(a).getByRole('button', { name: 'Decrease flights' }));
    expect(latest().addressList[0]!.flights).toBe(MAX_FLIGHTS - 1);
    expect(within(a).queryByText(FLIGHTS_LIMIT_MESSAGE)).not.toBeInTheDocument();
  });

  it("keeps each address's details in the draft under the spec's field names", async () => {
    const { latest } = renderDetails();
    const user = setup();
    const b = within(card('B'));
    expect(b.getByText('200 Ocean Ave, Santa Monica, CA 90401, USA')).toBeInTheDocument();

    const unit = b.getByLabelText('Unit Number');
    const details = b.getByLabelText('Address Details');
    const parking = b.getByLabelText('Parking Info');
    expect(unit).toHaveAttribute('name', 'unitNumber');
    expect(details).toHaveAttribute('name', 'addressDetails');
    expect(parking).toHaveAttribute('name', 'parkingInfo');
    expect(b.getByLabelText('Storage')).toHaveAttribute('name', 'isStorage');
    expect(b.getByLabelText('Hardwood Floor')).toHaveAttribute('name', 'isHardwoodFloor');
    expect(b.getByLabelText('Stairs')).toHaveAttribute('name', 'liftType');

    await user.type(unit, '12B');
    await user.type(details, 'Gate 9');
    await user.type(parking, 'Street');
    await user.click(b.getByLabelText('Storage'));
    await user.click(b.getByLabelText('Hardwood Floor'));

    expect(latest().addressList[1]).toMatchObject({
      unitNumber: '12B',
      addressDetails: 'Gate 9',
      parkingInfo: 'Street',
      isStorage: true,
      isHardwoodFloor: true,
    });
    expect(latest().addressList[0]).toMatchObject({ unitNumber: '', isStorage: false });
  });

  it('returns to the map with Prev', async () => {
    const { latest } = renderDetails();
    await setup().click(screen.getByRole('button', { name: 'Prev' }));
    expect(latest().screen).toBe(Screen.map);
  });
});
