import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_HEADER,
  COMPANY_PROFILE_TEXT as TEXT,
  MSG,
  type CompanyProfile,
} from '@movehub/shared';
import { setSession } from '../../lib/storage';
import { stubFetch, type StubReply } from '../../test/fetch-stub';
import { buildCompanyUser } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { NO_FOREMEN_MESSAGE } from './foremen-section';
import { NO_ZIPS_MESSAGE } from './service-zips-section';
import { NO_TRUCKS_MESSAGE } from './trucks-section';

function buildProfile(overrides: Partial<CompanyProfile> = {}): CompanyProfile {
  return {
    id: 501,
    name: 'Swift Movers',
    about: 'Family run since 1998.',
    profile_picture: null,
    phone: '+13105550142',
    email: 'dispatch@swift.test',
    address: '1820 E 7th St, Los Angeles, CA 90021',
    truck_count: 2,
    zip_codes: ['90012', '90402'],
    trucks: [
      { id: 11, name: 'Box truck 26ft', is_active: true },
      { id: 12, name: 'Van', is_active: false },
    ],
    foremen: [
      {
        id: 21,
        first_name: 'Carlos',
        last_name: 'Ramirez',
        email: 'carlos@swift.test',
        status: 'active',
      },
      {
        id: 22,
        first_name: 'James',
        last_name: 'Okafor',
        email: 'james@swift.test',
        status: 'invited',
      },
    ],
    ...overrides,
  };
}

/**
 * A fake API holding one company's profile and changing it as the server does; `refuse` makes
 * a call answer with an error instead.
 */
function profileServer(initial: CompanyProfile, refuse: Record<string, StubReply> = {}) {
  let profile = structuredClone(initial);
  const answer = (message: string) => ({ code: 200, message, data: profile });
  const handler =
    (name: string, change: (body: Record<string, unknown>) => string) => (body: unknown) =>
      refuse[name] ?? answer(change((body ?? {}) as Record<string, unknown>));
  return stubFetch({
    'POST /api/company/profile': handler('profile', () => 'Success'),
    'POST /api/company/update_profile': handler('update_profile', (b) => {
      profile = { ...profile, ...(b as Partial<CompanyProfile>) };
      return TEXT.profileUpdated;
    }),
    'POST /api/company/add_zip_code': handler('add_zip_code', (b) => {
      profile = { ...profile, zip_codes: [...profile.zip_codes, String(b.zip_code)].sort() };
      return TEXT.zipAdded;
    }),
    'POST /api/company/remove_zip_code': handler('remove_zip_code', (b) => {
      profile = { ...profile, zip_codes: profile.zip_codes.filter((z) => z !== b.zip_code) };
      return TEXT.zipRemoved;
    }),
    'POST /api/company/add_truck': handler('add_truck', (b) => {
      profile = {
        ...profile,
        trucks: [...profile.trucks, { id: 99, name: String(b.name), is_active: true }],
      };
      return TEXT.truckAdded;
    }),
    'POST /api/company/update_truck': handler('update_truck', (b) => {
      profile = {
        ...profile,
        trucks: profile.trucks.map((t) =>
          t.id === b.truck_id
            ? {
                ...t,
                ...(b.name !== undefined ? { name: String(b.name) } : {}),
                ...(b.is_active !== undefined ? { is_active: Boolean(b.is_active) } : {}),
              }
            : t,
        ),
      };
      return TEXT.truckUpdated;
    }),
    'POST /api/company/remove_truck': handler('remove_truck', (b) => {
      profile = { ...profile, trucks: profile.trucks.filter((t) => t.id !== b.truck_id) };
      return TEXT.truckRemoved;
    }),
    'POST /api/company/invite_foreman': handler('invite_foreman', (b) => {
      const known = profile.foremen.some((f) => f.email === b.email);
      if (!known) {
        profile = {
          ...profile,
          foremen: [
            ...profile.foremen,
            {
              id: 98,
              first_name: String(b.first_name),
              last_name: String(b.last_name),
              email: String(b.email),
              status: 'invited',
            },
          ],
        };
      }
      return known ? TEXT.foremanReinvited : TEXT.foremanInvited;
    }),
    'POST /api/company/remove_foreman': handler('remove_foreman', (b) => {
      profile = { ...profile, foremen: profile.foremen.filter((f) => f.id !== b.foreman_id) };
      return TEXT.foremanRemoved;
    }),
  });
}

function renderPage() {
  setSession('company-token', buildCompanyUser(), 'partner');
  return renderApp('/partner/profile');
}

const section = async (name: string) => within(await screen.findByRole('region', { name }));

beforeAll(() => preloadScreens('/partner/profile'), 60_000);

describe('ProfilePage', () => {
  it("shows the company's details, zip codes, trucks and foremen with their status", async () => {
    const { calls } = profileServer(buildProfile());
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'Loading your company profile' })).toBeVisible();

    const details = await section('Details');
    expect(details.getByLabelText(/Company name/)).toHaveValue('Swift Movers');
    expect(details.getByLabelText(/Company name/)).toHaveAttribute('name', 'name');
    expect(details.getByLabelText('About')).toHaveValue('Family run since 1998.');
    expect(details.getByLabelText('About')).toHaveAttribute('name', 'about');
    expect(details.getByLabelText('Phone number')).toHaveValue('(310) 555-0142');
    expect(details.getByLabelText('Phone number')).toHaveAttribute('name', 'phone');
    expect(details.getByText('dispatch@swift.test')).toBeInTheDocument();

    const zips = await section('Served zip codes');
    expect(zips.getByRole('button', { name: 'Remove zip code 90012' })).toBeInTheDocument();
    expect(zips.getByRole('button', { name: 'Remove zip code 90402' })).toBeInTheDocument();
    expect(zips.getByLabelText(/Zip code/)).toHaveAttribute('name', 'zip_code');

    const trucks = await section('Trucks');
    expect(trucks.getByText('Box truck 26ft')).toBeInTheDocument();
    expect(trucks.getByRole('switch', { name: 'Box truck 26ft is active' })).toBeChecked();
    expect(trucks.getByRole('switch', { name: 'Van is active' })).not.toBeChecked();
    expect(trucks.getByText('(inactive)')).toBeInTheDocument();

    const foremen = await section('Foremen');
    const carlos = within(foremen.getByText('Carlos Ramirez').closest('li')!);
    expect(carlos.getByText('Active')).toBeInTheDocument();
    expect(carlos.queryByRole('button', { name: /Re-send/ })).toBeNull();
    const james = within(foremen.getByText('James Okafor').closest('li')!);
    expect(james.getByText('Invited')).toBeInTheDocument();
    expect(
      james.getByRole('button', { name: 'Re-send the invitation to James Okafor' }),
    ).toBeInTheDocument();

    expect(calls[0]?.headers[AUTH_HEADER]).toBe('company-token');
  });

  it('says so when the company has no zip codes, trucks or foremen yet', async () => {
    profileServer(buildProfile({ zip_codes: [], trucks: [], foremen: [], truck_count: 0 }));
    renderPage();
    expect(await screen.findByText(NO_ZIPS_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText(NO_TRUCKS_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText(NO_FOREMEN_MESSAGE)).toBeInTheDocument();
  });

  it('shows the error with Try again when the profile cannot be loaded', async () => {
    profileServer(buildProfile(), {
      profile: { code: 500, message: 'Something went wrong.' },
    });
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(retry.closest('.MuiAlert-root')).toHaveTextContent('Something went wrong.');
  });

  it('saves the name, about and phone in the wire format', async () => {
    const { calls } = profileServer(buildProfile());
    renderPage();
    const details = await section('Details');
    const user = userEvent.setup();
    const name = details.getByLabelText(/Company name/);
    await user.clear(name);
    await user.type(name, 'Swift Movers LA');
    const phone = details.getByLabelText('Phone number');
    await user.clear(phone);
    await user.type(phone, '2135550181');
    await user.click(details.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText(TEXT.profileUpdated)).toBeInTheDocument();
    const call = calls.find((c) => c.path === '/api/company/update_profile');
    expect(call?.body).toEqual({
      name: 'Swift Movers LA',
      about: 'Family run since 1998.',
      phone: '+12135550181',
    });
  });

  it('refuses a blank name without a call', async () => {
    const { calls } = profileServer(buildProfile());
    renderPage();
    const details = await section('Details');
    await userEvent.clear(details.getByLabelText(/Company name/));
    await userEvent.click(details.getByRole('button', { name: 'Save profile' }));
    expect(await details.findByText(TEXT.nameRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/company/update_profile')).toBe(false);
  });

  it('adds a zip code, shows a refusal under the field, and removes one with its chip', async () => {
    const { calls } = profileServer(buildProfile());
    renderPage();
    const zips = await section('Served zip codes');
    const user = userEvent.setup();
    const field = zips.getByLabelText(/Zip code/);

    await user.type(field, '12');
    await user.click(zips.getByRole('button', { name: 'Add zip code' }));
    expect(await zips.findByText(MSG.zipRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/company/add_zip_code')).toBe(false);

    await user.clear(field);
    await user.type(field, '91101');
    await user.click(zips.getByRole('button', { name: 'Add zip code' }));
    expect(await zips.findByRole('button', { name: 'Remove zip code 91101' })).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(calls.find((c) => c.path === '/api/company/add_zip_code')?.body).toEqual({
      zip_code: '91101',
    });

    await user.click(zips.getByRole('button', { name: 'Remove zip code 90012' }));
    await waitFor(() =>
      expect(zips.queryByRole('button', { name: 'Remove zip code 90012' })).toBeNull(),
    );
    expect(calls.find((c) => c.path === '/api/company/remove_zip_code')?.body).toEqual({
      zip_code: '90012',
    });
  });

  it('shows "already served" under the zip field', async () => {
    profileServer(buildProfile(), {
      add_zip_code: { code: 409, message: TEXT.zipAlreadyServed },
    });
    renderPage();
    const zips = await section('Served zip codes');
    await userEvent.type(zips.getByLabelText(/Zip code/), '90012');
    await userEvent.click(zips.getByRole('button', { name: 'Add zip code' }));
    expect(await zips.findByText(TEXT.zipAlreadyServed)).toBeInTheDocument();
  });

  it('adds, renames, deactivates and removes a truck after a confirmation', async () => {
    const { calls } = profileServer(buildProfile());
    renderPage();
    const trucks = await section('Trucks');
    const user = userEvent.setup();

    await user.type(trucks.getByLabelText(/New truck name/), 'Pickup');
    await user.click(trucks.getByRole('button', { name: 'Add truck' }));
    expect(await trucks.findByText('Pickup')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/company/add_truck')?.body).toEqual({
      name: 'Pickup',
    });

    await user.click(trucks.getByRole('button', { name: 'Rename Box truck 26ft' }));
    const rename = trucks.getByLabelText('Truck name');
    await user.clear(rename);
    await user.type(rename, 'Big box');
    await user.click(trucks.getByRole('button', { name: 'Save' }));
    expect(await trucks.findByText('Big box')).toBeInTheDocument();

    await user.click(trucks.getByRole('switch', { name: 'Big box is active' }));
    await waitFor(() =>
      expect(trucks.getByRole('switch', { name: 'Big box is active' })).not.toBeChecked(),
    );
    expect(calls.filter((c) => c.path === '/api/company/update_truck').map((c) => c.body)).toEqual([
      { truck_id: 11, name: 'Big box' },
      { truck_id: 11, is_active: false },
    ]);

    await user.click(trucks.getByRole('button', { name: 'Remove Van' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove truck?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(trucks.queryByText('Van')).toBeNull());
    expect(calls.find((c) => c.path === '/api/company/remove_truck')?.body).toEqual({
      truck_id: 12,
    });
  });

  it("shows the server's refusal to remove a truck on an unfinished move, and keeps it", async () => {
    profileServer(buildProfile(), { remove_truck: { code: 409, message: TEXT.truckBusy } });
    renderPage();
    const trucks = await section('Trucks');
    await userEvent.click(trucks.getByRole('button', { name: 'Remove Van' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove truck?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(TEXT.truckBusy)).toBeInTheDocument();
    expect(trucks.getByText('Van')).toBeInTheDocument();
  });

  it('invites a foreman from the dialog, then lists him as Invited', async () => {
    const { calls } = profileServer(buildProfile());
    renderPage();
    const foremen = await section('Foremen');
    const user = userEvent.setup();
    await user.click(foremen.getByRole('button', { name: 'Invite foreman' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite a foreman' }));
    expect(dialog.getByLabelText(/Email/)).toHaveAttribute('name', 'email');
    expect(dialog.getByLabelText(/First name/)).toHaveAttribute('name', 'first_name');
    expect(dialog.getByLabelText(/Last name/)).toHaveAttribute('name', 'last_name');

    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect(await dialog.findByText(TEXT.foremanEmailInvalid)).toBeInTheDocument();

    await user.type(dialog.getByLabelText(/Email/), 'rae@swift.test');
    await user.type(dialog.getByLabelText(/First name/), 'Rae');
    await user.type(dialog.getByLabelText(/Last name/), 'Lopez');
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(TEXT.foremanInvited)).toBeInTheDocument();
    const rae = within(foremen.getByText('Rae Lopez').closest('li')!);
    expect(rae.getByText('Invited')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/company/invite_foreman')?.body).toEqual({
      email: 'rae@swift.test',
      first_name: 'Rae',
      last_name: 'Lopez',
    });
  });

  it('shows in the dialog why an invitation was refused', async () => {
    profileServer(buildProfile(), {
      invite_foreman: { code: 409, message: TEXT.inviteEmailTaken },
    });
    renderPage();
    const foremen = await section('Foremen');
    const user = userEvent.setup();
    await user.click(foremen.getByRole('button', { name: 'Invite foreman' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite a foreman' }));
    await user.type(dialog.getByLabelText(/Email/), 'taken@example.com');
    await user.type(dialog.getByLabelText(/First name/), 'Tay');
    await user.type(dialog.getByLabelText(/Last name/), 'Ken');
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect(await dialog.findByText(TEXT.inviteEmailTaken)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Invite a foreman' })).toBeInTheDocument();
  });

  it('re-sends an invitation and removes a foreman after a confirmation', async () => {
    const { calls } = profileServer(buildProfile());
    renderPage();
    const foremen = await section('Foremen');
    const user = userEvent.setup();
    await user.click(
      foremen.getByRole('button', { name: 'Re-send the invitation to James Okafor' }),
    );
    expect(await screen.findByText(TEXT.foremanReinvited)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/company/invite_foreman')?.body).toEqual({
      email: 'james@swift.test',
      first_name: 'James',
      last_name: 'Okafor',
    });

    await user.click(foremen.getByRole('button', { name: 'Remove Carlos Ramirez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove foreman?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(foremen.queryByText('Carlos Ramirez')).toBeNull());
    expect(calls.find((c) => c.path === '/api/company/remove_foreman')?.body).toEqual({
      foreman_id: 21,
    });
  });
});
