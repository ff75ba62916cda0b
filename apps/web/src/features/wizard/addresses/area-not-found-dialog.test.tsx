import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '@movehub/shared';
import { setSession } from '../../../lib/storage';
import { getToast } from '../../../lib/toast';
import { buildUser } from '../../../test/fixtures';
import { StepMap } from '../map/step-map';
import { addressField, chooseAddress, FIFTH_AVE, stubGeoServer } from '../api/test-geo';
import { renderStep, TEST_PROFILE } from '../test-wizard';

describe('AreaNotFoundDialog (step 0)', () => {
  it('opens for an unserved zip, keeps the card empty and joins the wait-list', async () => {
    setSession('token-1', buildUser({ email: 'dana@example.com' }));
    const { calls } = stubGeoServer(FIFTH_AVE);
    const user = userEvent.setup();
    const { latest } = renderStep(<StepMap />);

    await chooseAddress('A', '350', FIFTH_AVE.formated_address);

    const dialog = await screen.findByRole('dialog', { name: 'Area not found' });
    expect(
      within(dialog).getByText('We are not in your area yet. But will be there very soon...'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/customer/service_area')?.query).toEqual({
      zip_code: '10001',
    });
    expect(latest().addressList[0]?.isEmpty).toBe(true);

    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('name', 'email');
    expect(email).toHaveValue('dana@example.com');
    expect(within(dialog).getByRole('textbox', { name: 'Zip code' })).toHaveValue('10001');
    await user.click(within(dialog).getByRole('button', { name: 'Join the waitlist' }));

    expect(await screen.findByText('Zipcode added into our waitlist.')).toBeInTheDocument();
    expect(getToast()?.severity).toBe('success');
    expect(calls.find((c) => c.path === '/api/customer/add_wishlist_area')?.body).toEqual({
      email: 'dana@example.com',
      zip_code: '10001',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The card shows its old (empty) text again.
    expect(addressField('A')).toHaveValue('');
  });

  it('shows the email message under the field and sends nothing for an invalid email', async () => {
    const { calls } = stubGeoServer(FIFTH_AVE);
    const user = userEvent.setup();
    renderStep(<StepMap />);

    await chooseAddress('A', '350', FIFTH_AVE.formated_address);
    const dialog = await screen.findByRole('dialog', { name: 'Area not found' });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    expect(email).toHaveFocus();
    await user.type(email, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Join the waitlist' }));

    expect(await within(dialog).findByText(MSG.profileEmailInvalid)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/customer/add_wishlist_area')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is not needed in direct-link mode, where the area is not checked', async () => {
    const { calls } = stubGeoServer(FIFTH_AVE);
    const { latest } = renderStep(<StepMap />, {
      direct: { link: 'swift-la', profile: TEST_PROFILE },
    });

    await chooseAddress('A', '350', FIFTH_AVE.formated_address);

    await waitFor(() => expect(latest().addressList[0]?.zip_code).toBe('10001'));
    expect(calls.some((c) => c.path === '/api/customer/service_area')).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
