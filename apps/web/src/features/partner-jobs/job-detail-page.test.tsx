import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AUTH_HEADER,
  type ChatMessage,
  type GeocodedAddress,
  type JobDetail,
  type SendMessage,
} from '@movehub/shared';
import { NO_MESSAGES_TEXT } from '../../lib/chat/partner-chat';
import { NO_COMMENTS_TEXT } from '../../lib/partner-comments';
import { PARTNER_QUERY_ROOT } from '../../lib/partner-query';
import { setSession } from '../../lib/storage';
import { fakeSocketWrapper } from '../../test/fake-socket';
import { stubFetch, type StubReply } from '../../test/fetch-stub';
import { buildCompanyUser } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { mapsUrl } from '../../ui/request-addresses';
import { CHOOSE_FOREMAN, CHOOSE_TRUCK } from './assign-crew-dialog';
import { jobDetailKeys } from './job-detail-api';
import {
  CONTACT_HIDDEN_TEXT,
  JOB_NOT_FOUND_TEXT,
  MOVE_DAY_DIALOG_TEXT,
  NO_CHANGES_TEXT,
  WAITING_FOR_SIGNATURE,
} from './job-detail-page';

const COMPANY_ROOM = 'room-company-501';
const CUSTOMER_ROOM = 'room-customer-77';

/** propose_change's answer: the proposal as stored. */
const PROPOSAL = {
  change_id: 9,
  request_id: 401,
  type: 'request',
  status: 'pending',
  price: 40,
  proposed_at: '2026-03-03T10:00:00.000Z',
  decided_at: null,
};

function buildJobDetail(overrides: Partial<JobDetail> = {}): JobDetail {
  const address = {
    street_address: null,
    apartment_number: null,
    address_detail: null,
    city: null,
    state: null,
    country: null,
    is_storage: false,
    is_stairs: false,
    is_elevator: false,
    is_hardwood_floor: false,
    number_of_flights: 0,
    parking_and_building_info: null,
  };
  const item = {
    item_id: 12,
    value: 1,
    category_name: 'Living room',
    additional_info: null,
    type: '1',
    unit_price: 0,
    size: '2',
    added_by_type: null,
  };
  return {
    id: 401,
    stage: 'paid',
    request_timeline_status: 3,
    request_status: 0,
    additional_status: 0,
    is_direct: false,
    s_date: '03-15-2026',
    move_date: '2026-03-15',
    // The day before the move: its start window is open (decision 042).
    today_date: '2026-03-14',
    s_time: null,
    start_window_from: '08:00',
    start_window_to: '10:00',
    move_type: '1 Bedroom',
    movers: 2,
    customer_budget: 450,
    recommend_amount: 500,
    final_amount: 525,
    final_comment: 'Ring twice.',
    request_address: [
      {
        ...address,
        id: 1,
        address_type: 1,
        complete_address: '350 S Grand Ave, Los Angeles, CA 90071',
        zip_code: '90071',
        apartment_number: '12',
        is_stairs: true,
        number_of_flights: 3,
        parking_and_building_info: 'Loading dock on 4th St',
        latitude: 34.05,
        longitude: -118.25,
      },
      {
        ...address,
        id: 2,
        address_type: 2,
        complete_address: '100 Ocean Ave, Santa Monica, CA 90402',
        zip_code: '90402',
        address_detail: 'Gate code 1234',
        is_elevator: true,
        is_hardwood_floor: true,
        is_storage: true,
        latitude: null,
        longitude: null,
      },
    ],
    request_item: [
      {
        ...item,
        id: 11,
        name: 'Sofa',
        quantity: 2,
        request_item_image_models: [{ image_url: '/uploads/5afa5afa5afa5afa5afa5afa5afa5afa.jpg' }],
      },
    ],
    extra_request_items: [
      {
        ...item,
        id: 12,
        item_id: 90,
        name: 'Piano',
        quantity: 1,
        type: '2',
        size: '0',
        request_item_image_models: [],
      },
    ],
    customer: {
      first_name: 'Robin',
      last_name: 'Hart',
      email: 'robin@example.com',
      phone: '+13105550101',
    },
    assigned_foreman: null,
    assigned_trucks: [],
    letter: null,
    changes: [],
    comments_array: [],
    comments_next_before_id: null,
    chat: null,
    foremen: [
      { id: 31, first_name: 'Carla', last_name: 'Crew' },
      { id: 32, first_name: 'Dev', last_name: 'Crew' },
    ],
    trucks: [
      { id: 41, name: '26 ft box truck' },
      { id: 42, name: 'Cargo van' },
    ],
    ...overrides,
  };
}

type Handlers = Record<string, (body: unknown) => StubReply>;

/** A fake API holding one job; each action handler may change it, as the server would. */
function jobServer(initial: JobDetail | null, extra: Handlers = {}, messages: ChatMessage[] = []) {
  const state = { job: initial };
  const http = stubFetch({
    'POST /api/company/job_detail': (body) => {
      const { request_id } = body as { request_id: number };
      if (!state.job || state.job.id !== request_id) {
        return { code: 404, message: 'This request was not found.' };
      }
      return { code: 200, data: state.job };
    },
    'POST /app_api/get_messages': () => ({
      code: 200,
      getchatdata: messages,
      next_before_id: null,
    }),
    ...extra,
  });
  return { ...http, state };
}

function renderPage(at = '/partner/jobs/401') {
  setSession('company-token', buildCompanyUser(), 'partner');
  // The console's layout opens the partner session's socket, here a fake the test drives.
  const { connector, wrapper } = fakeSocketWrapper();
  const view = renderApp(at, { wrapper });
  return { ...view, connector };
}

const section = (name: string) => screen.findByRole('region', { name });
const posted = (calls: ReturnType<typeof stubFetch>['calls'], path: string) =>
  calls.filter((c) => c.path === path);

beforeAll(() => preloadScreens('/partner/jobs/401'), 60_000);

describe('JobDetailPage', () => {
  it('shows the move, the customer and the stage: addresses with map links, inventory with photos, extra items and prices', async () => {
    const { calls } = jobServer(buildJobDetail());
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Job #401 · 1 Bedroom' }),
    ).toBeInTheDocument();
    expect(document.title).toContain('Job #401');
    const move = within(await section('Move'));
    expect(move.getByText('Mar 15th 26')).toBeInTheDocument();
    expect(move.getByText('$525')).toBeInTheDocument();
    expect(move.getByText('$450')).toBeInTheDocument();
    expect(move.getByText('$500')).toBeInTheDocument();
    expect(move.getByText('Ring twice.')).toBeInTheDocument();
    const maps = move.getAllByRole('link', { name: /^Open .* in maps$/ });
    expect(maps.map((a) => a.getAttribute('href'))).toEqual([
      'https://www.google.com/maps/search/?api=1&query=34.05%2C-118.25',
      mapsUrl({
        latitude: null,
        longitude: null,
        complete_address: '100 Ocean Ave, Santa Monica, CA 90402',
      }),
    ]);
    expect(maps[1]).toHaveAccessibleName('Open 100 Ocean Ave, Santa Monica, CA 90402 in maps');
    const inventory = move.getByRole('list', { name: 'Inventory' });
    expect(within(inventory).getByText('Sofa')).toBeInTheDocument();
    expect(within(inventory).getByRole('img', { name: 'Sofa, photo 1' })).toHaveAttribute(
      'src',
      '/uploads/5afa5afa5afa5afa5afa5afa5afa5afa.jpg',
    );
    expect(
      within(move.getByRole('list', { name: 'Extra items' })).getByText('Piano'),
    ).toBeInTheDocument();

    const customer = within(await section('Customer'));
    expect(customer.getByText('Robin Hart')).toBeInTheDocument();
    expect(customer.getByText('robin@example.com')).toBeInTheDocument();
    expect(customer.getByText('(310) 555-0101')).toBeInTheDocument();
    expect(
      within(await section('Stage')).getByText('Paid and waiting for move'),
    ).toBeInTheDocument();
    expect(screen.getByText(NO_CHANGES_TEXT)).toBeInTheDocument();
    expect(screen.getByText(NO_COMMENTS_TEXT)).toBeInTheDocument();

    const call = posted(calls, '/api/company/job_detail')[0]!;
    expect(call.headers[AUTH_HEADER]).toBe('company-token');
    expect(call.body).toEqual({ request_id: 401 });
  });

  it('shows every detail of each address the bidders saw: unit, storage, stairs and flights, elevator, hardwood floor, parking and building notes', async () => {
    jobServer(buildJobDetail());
    renderPage();

    const move = within(await section('Move'));
    const pickUp = within(
      move.getByRole('region', { name: 'Pick up A: 350 S Grand Ave, Los Angeles, CA 90071' }),
    );
    for (const line of [
      'Zip code: 90071',
      'Unit / Apartment number: 12',
      'Storage: No',
      'Lift type: Stairs',
      'Flights: 3',
      'Hardwood floor: No',
      'Parking and building info: Loading dock on 4th St',
    ]) {
      expect(pickUp.getByText((_, el) => el?.textContent === line)).toBeInTheDocument();
    }
    const dropOff = within(
      move.getByRole('region', { name: 'Drop off B: 100 Ocean Ave, Santa Monica, CA 90402' }),
    );
    for (const line of [
      'Address details: Gate code 1234',
      'Storage: Yes',
      'Lift type: Elevator',
      'Hardwood floor: Yes',
      'Parking and building info: N/A',
    ]) {
      expect(dropOff.getByText((_, el) => el?.textContent === line)).toBeInTheDocument();
    }
    expect(dropOff.queryByText('Flights:')).not.toBeInTheDocument();
  });

  it('hides the contact, the actions and the comment box of a cancelled job', async () => {
    jobServer(
      buildJobDetail({
        stage: 'cancelled',
        request_timeline_status: 11,
        request_status: 2,
        customer: { first_name: 'Robin', last_name: 'Hart', email: null, phone: null },
      }),
    );
    renderPage();
    const customer = within(await section('Customer'));
    expect(customer.getByText(CONTACT_HIDDEN_TEXT)).toBeInTheDocument();
    expect(customer.queryByText('Email:')).toBeNull();
    expect(screen.queryByRole('button', { name: /Assign foreman/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Propose a change' })).toBeNull();
    expect(screen.getByText('Comments are closed on this request.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Chat with the customer' })).toBeNull();
  });

  it("says the job was not found for another company's request, and offers Try again on a failure", async () => {
    jobServer(null);
    renderPage('/partner/jobs/999');
    expect(await screen.findByText(JOB_NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Job not found' })).toBeInTheDocument();
  });

  it('shows the error with Try again when the job cannot be loaded', async () => {
    const server = jobServer(buildJobDetail(), {
      'POST /api/company/job_detail': () => ({ code: 500, message: 'Something went wrong.' }),
    });
    renderPage();
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(posted(server.calls, '/api/company/job_detail')).toHaveLength(1);
  });

  it("prices a customer's own edit with the change's id, and shows the refusal of a stale one", async () => {
    const user = userEvent.setup();
    const waiting = {
      ...PROPOSAL,
      change_id: 12,
      type: 'address' as const,
      status: 'awaiting_price' as const,
      price: 0,
      summary: 'Drop-off moved to 90402',
    };
    let stale = true;
    const server = jobServer(buildJobDetail({ changes: [waiting] }), {
      'POST /api/company/price_change': (body) => {
        if (stale) {
          stale = false;
          return { code: 409, message: 'The customer has edited this request again.' };
        }
        const job = server.state.job!;
        server.state.job = {
          ...job,
          changes: [{ ...waiting, status: 'pending', price: -25.5 }],
        };
        void body;
        return { code: 200, message: 'The customer is asked to accept the price.', data: PROPOSAL };
      },
    });
    renderPage();
    const changes = await section('Changes');
    expect(within(changes).getByText('Awaiting your price')).toBeInTheDocument();
    await user.click(within(changes).getByRole('button', { name: 'Set price' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set the price of this change' });
    expect(within(dialog).getByText('Drop-off moved to 90402')).toBeInTheDocument();
    const field = within(dialog).getByLabelText(/Price difference \(USD\)/);
    expect(field).toHaveAttribute('name', 'price');
    await user.click(within(dialog).getByRole('button', { name: 'Send price' }));
    expect(
      await within(dialog).findByText(/price must be an amount in dollars/),
    ).toBeInTheDocument();
    expect(posted(server.calls, '/api/company/price_change')).toHaveLength(0);

    await user.type(field, '-25.50');
    await user.click(within(dialog).getByRole('button', { name: 'Send price' }));
    expect(
      await within(dialog).findByText('The customer has edited this request again.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send price' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(posted(server.calls, '/api/company/price_change').at(-1)!.body).toEqual({
      request_id: 401,
      type: 'address',
      change_id: 12,
      price: -25.5,
    });
    expect(await within(changes).findByText('Pending')).toBeInTheDocument();
    expect(within(changes).queryByRole('button', { name: 'Set price' })).toBeNull();
  });

  it('assigns a foreman and trucks to a paid job, naming what is missing first', async () => {
    const user = userEvent.setup();
    const server = jobServer(buildJobDetail(), {
      'POST /api/company/assign_move': (body) => {
        const job = server.state.job!;
        server.state.job = {
          ...job,
          stage: 'assigned',
          request_timeline_status: 4,
          assigned_foreman: job.foremen[1]!,
          assigned_trucks: [job.trucks[1]!],
        };
        void body;
        return {
          code: 200,
          message: 'The foreman and trucks have been assigned.',
          data: {
            request_id: 401,
            request_timeline_status: 4,
            request_status: 0,
            get_foreman_of_company: job.foremen[1],
            truck_array: [job.trucks[1]],
          },
        };
      },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Assign foreman and trucks' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Assign foreman and trucks' }));
    await user.click(dialog.getByRole('button', { name: 'Assign' }));
    expect(await dialog.findByText(CHOOSE_FOREMAN)).toBeInTheDocument();
    expect(dialog.getByText(CHOOSE_TRUCK)).toBeInTheDocument();
    expect(posted(server.calls, '/api/company/assign_move')).toHaveLength(0);

    await user.click(dialog.getByRole('combobox', { name: 'Foreman' }));
    await user.click(await screen.findByRole('option', { name: 'Dev Crew' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Cargo van' }));
    await user.click(dialog.getByRole('button', { name: 'Assign' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(server.calls, '/api/company/assign_move')[0]!.body).toEqual({
      request_id: 401,
      foreman_id: 32,
      truck_ids: [42],
    });
    const stage = within(await section('Stage'));
    expect(await stage.findByText('Dev Crew')).toBeInTheDocument();
    expect(stage.getByText('Cargo van')).toBeInTheDocument();
    expect(
      await screen.findByText('The foreman and trucks have been assigned.'),
    ).toBeInTheDocument();
  });

  it('changes the crew of an assigned job before the start, from the crew it has', async () => {
    const user = userEvent.setup();
    const assigned = (foreman: 0 | 1, truck: 0 | 1): Partial<JobDetail> => {
      const job = buildJobDetail();
      return {
        stage: 'assigned',
        request_timeline_status: 4,
        assigned_foreman: job.foremen[foreman]!,
        assigned_trucks: [job.trucks[truck]!],
      };
    };
    const server = jobServer(buildJobDetail(assigned(0, 0)), {
      'POST /api/company/assign_move': () => {
        server.state.job = { ...server.state.job!, ...assigned(1, 1) };
        const job = server.state.job;
        return {
          code: 200,
          message: 'The foreman and trucks have been assigned.',
          data: {
            request_id: 401,
            request_timeline_status: 4,
            request_status: 0,
            get_foreman_of_company: job.assigned_foreman,
            truck_array: job.assigned_trucks,
          },
        };
      },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Change foreman and trucks' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change foreman and trucks' }));
    // The crew it has is chosen already.
    expect(dialog.getByRole('combobox', { name: 'Foreman' })).toHaveTextContent('Carla Crew');
    expect(dialog.getByRole('checkbox', { name: '26 ft box truck' })).toBeChecked();
    await user.click(dialog.getByRole('combobox', { name: 'Foreman' }));
    await user.click(await screen.findByRole('option', { name: 'Dev Crew' }));
    await user.click(dialog.getByRole('checkbox', { name: '26 ft box truck' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Cargo van' }));
    await user.click(dialog.getByRole('button', { name: 'Save crew' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(server.calls, '/api/company/assign_move')[0]!.body).toEqual({
      request_id: 401,
      foreman_id: 32,
      truck_ids: [42],
    });
    const stage = within(await section('Stage'));
    expect(await stage.findByText('Dev Crew')).toBeInTheDocument();
    expect(stage.getByText('Cargo van')).toBeInTheDocument();
  });

  it('runs its own move day: Start move and Complete move, each after confirming', async () => {
    const user = userEvent.setup();
    const server = jobServer(
      buildJobDetail({
        stage: 'assigned',
        request_timeline_status: 4,
        assigned_foreman: { id: 31, first_name: 'Carla', last_name: 'Crew' },
        assigned_trucks: [{ id: 41, name: '26 ft box truck' }],
      }),
      {
        'POST /api/foreman/start_move': () => {
          server.state.job = {
            ...server.state.job!,
            stage: 'in_progress',
            request_timeline_status: 5,
          };
          return {
            code: 200,
            message: 'The move has started.',
            data: { request_id: 401, request_timeline_status: 5, request_status: 0 },
          };
        },
        'POST /api/company/complete_move': () => {
          server.state.job = {
            ...server.state.job!,
            stage: 'to_confirm',
            request_timeline_status: 6,
          };
          return {
            code: 200,
            message: 'The move has been marked complete.',
            data: { request_id: 401, request_timeline_status: 6, request_status: 0 },
          };
        },
      },
    );
    renderPage();
    const stage = within(await section('Stage'));
    expect(stage.queryByRole('button', { name: 'Complete move' })).toBeNull();

    await user.click(await stage.findByRole('button', { name: 'Start move' }));
    const ask = within(
      await screen.findByRole('dialog', { name: MOVE_DAY_DIALOG_TEXT.startTitle }),
    );
    await user.click(ask.getByRole('button', { name: 'Not yet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(server.calls, '/api/foreman/start_move')).toHaveLength(0);

    await user.click(stage.getByRole('button', { name: 'Start move' }));
    const start = within(
      await screen.findByRole('dialog', { name: MOVE_DAY_DIALOG_TEXT.startTitle }),
    );
    await user.click(start.getByRole('button', { name: 'Start move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const started = posted(server.calls, '/api/foreman/start_move');
    expect(started.map((c) => c.body)).toEqual([{ request_id: 401 }]);
    expect(started[0]!.headers[AUTH_HEADER]).toBe('company-token');
    // Started: the crew is the one that moves, and the move is completed from here.
    expect(await stage.findByText('Move in progress')).toBeInTheDocument();
    expect(stage.queryByRole('button', { name: 'Start move' })).toBeNull();
    expect(stage.queryByRole('button', { name: 'Change foreman and trucks' })).toBeNull();

    await user.click(stage.getByRole('button', { name: 'Complete move' }));
    const complete = within(
      await screen.findByRole('dialog', { name: MOVE_DAY_DIALOG_TEXT.completeTitle }),
    );
    expect(complete.getByText(MOVE_DAY_DIALOG_TEXT.completeMessage)).toBeInTheDocument();
    await user.click(complete.getByRole('button', { name: 'Complete move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(server.calls, '/api/company/complete_move').map((c) => c.body)).toEqual([
      { request_id: 401 },
    ]);
    expect(await stage.findByText('Completed, waiting for confirmation')).toBeInTheDocument();
    expect(stage.queryByRole('button', { name: 'Complete move' })).toBeNull();
  });

  it('keeps Start move off outside the move-day window, saying when it opens or that it closed', async () => {
    const assigned = {
      stage: 'assigned' as const,
      request_timeline_status: 4,
      assigned_foreman: { id: 31, first_name: 'Carla', last_name: 'Crew' },
      assigned_trucks: [{ id: 41, name: '26 ft box truck' }],
    };
    const server = jobServer(buildJobDetail({ ...assigned, today_date: '2026-03-07' }));
    const view = renderPage();
    const stage = within(await section('Stage'));
    expect(await stage.findByRole('button', { name: 'Start move' })).toBeDisabled();
    expect(
      stage.getByText('This move is on Mar 15th 26: it can be started from Mar 14th 26.'),
    ).toBeInTheDocument();
    // The crew may still change meanwhile.
    expect(stage.getByRole('button', { name: 'Change foreman and trucks' })).toBeEnabled();
    view.unmount();

    server.state.job = buildJobDetail({ ...assigned, today_date: '2026-03-18' });
    renderPage();
    const late = within(await section('Stage'));
    expect(await late.findByRole('button', { name: 'Start move' })).toBeDisabled();
    expect(
      late.getByText(
        'This move was on Mar 15th 26: it could be started until Mar 17th 26. Propose a new date to the customer first.',
      ),
    ).toBeInTheDocument();
  });

  it("keeps the server's refusal in the assign dialog", async () => {
    const user = userEvent.setup();
    jobServer(buildJobDetail(), {
      'POST /api/company/assign_move': () => ({
        code: 409,
        message: 'This request is no longer waiting for its crew.',
      }),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Assign foreman and trucks' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('combobox', { name: 'Foreman' }));
    await user.click(await screen.findByRole('option', { name: 'Carla Crew' }));
    await user.click(dialog.getByRole('checkbox', { name: '26 ft box truck' }));
    await user.click(dialog.getByRole('button', { name: 'Assign' }));
    expect(
      await dialog.findByText('This request is no longer waiting for its crew.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("does not offer to assign a direct request's crew before its letter is signed", async () => {
    jobServer(
      buildJobDetail({
        is_direct: true,
        letter: {
          sent_at: '2026-03-01T10:00:00.000Z',
          signed_at: null,
          pdf_url: null,
          rate_method: 'Hourly',
          payment_method: 'Cash',
        },
      }),
    );
    renderPage();
    expect(await screen.findByText(WAITING_FOR_SIGNATURE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Assign foreman/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open signed PDF' })).toBeNull();
  });

  it('sends the confirmation letter of a new direct request, each missing rate named, then waits for the signature', async () => {
    const user = userEvent.setup();
    const direct = buildJobDetail({
      stage: 'new_direct',
      request_timeline_status: 0,
      is_direct: true,
      final_amount: null,
      letter: {
        sent_at: null,
        signed_at: null,
        pdf_url: null,
        rate_method: null,
        payment_method: null,
      },
    });
    const server = jobServer(direct, {
      'POST /api/company/send_confirmation_letter': () => {
        server.state.job = {
          ...direct,
          stage: 'paid',
          request_timeline_status: 3,
          letter: { ...direct.letter!, sent_at: '2026-03-01T10:00:00.000Z', rate_method: 'Flat' },
        };
        return {
          code: 200,
          message: 'The confirmation letter has been sent to the customer.',
          data: { request_id: 401, request_timeline_status: 3, additional_status: 0 },
        };
      },
    });
    renderPage();
    expect(await screen.findByText('Confirmation letter not sent yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send confirmation letter' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send confirmation letter' }));
    await user.click(dialog.getByRole('button', { name: 'Send letter' }));
    expect(
      await dialog.findByText('cash_payment_rate is required with rate_method Hourly.'),
    ).toBeInTheDocument();

    await user.click(dialog.getByRole('radio', { name: 'Flat' }));
    await user.type(dialog.getByRole('textbox', { name: /Cash flat rate from/ }), '400');
    await user.type(dialog.getByRole('textbox', { name: /Cash flat rate up to/ }), '600');
    await user.type(dialog.getByRole('textbox', { name: /Card flat rate from/ }), '420');
    await user.type(dialog.getByRole('textbox', { name: /Card flat rate up to/ }), '300');
    await user.click(dialog.getByRole('button', { name: 'Send letter' }));
    expect(
      await dialog.findByText('card_max_flat_rate must not be below card_min_flat_rate.'),
    ).toBeInTheDocument();
    const cardMax = dialog.getByRole('textbox', { name: /Card flat rate up to/ });
    await user.clear(cardMax);
    await user.type(cardMax, '650');
    await user.click(dialog.getByRole('button', { name: 'Send letter' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(server.calls, '/api/company/send_confirmation_letter')[0]!.body).toEqual({
      request_id: 401,
      rate_method: 'Flat',
      cash_min_flat_rate: '400',
      cash_max_flat_rate: '600',
      card_min_flat_rate: '420',
      card_max_flat_rate: '650',
    });
    expect(await screen.findByText(WAITING_FOR_SIGNATURE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send confirmation letter' })).toBeNull();
  });

  it('opens the signed PDF with the partner session, and offers the crew once signed', async () => {
    const user = userEvent.setup();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:letter'), revokeObjectURL: vi.fn() });
    const { calls } = jobServer(
      buildJobDetail({
        is_direct: true,
        additional_status: 1,
        letter: {
          sent_at: '2026-03-01T10:00:00.000Z',
          signed_at: '2026-03-02T10:00:00.000Z',
          pdf_url: '/uploads/letter-401.pdf',
          rate_method: 'Hourly',
          payment_method: 'Card',
        },
      }),
      { 'GET /uploads/letter-401.pdf': () => ({ code: 200 }) },
    );
    renderPage();
    expect(await screen.findByText('Confirmation letter signed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign foreman and trucks' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open signed PDF' }));
    await waitFor(() => expect(posted(calls, '/uploads/letter-401.pdf')).toHaveLength(1));
    expect(posted(calls, '/uploads/letter-401.pdf')[0]!.headers[AUTH_HEADER]).toBe('company-token');
  });

  it("lists the changes with the customer's answers and proposes a new date, movers and price", async () => {
    const user = userEvent.setup();
    const change = (id: number, type: 'address' | 'items', status: 'accepted' | 'rejected') => ({
      change_id: id,
      request_id: 401,
      type,
      status,
      price: type === 'address' ? 35 : -20,
      proposed_at: '2026-03-01T10:00:00.000Z',
      decided_at: '2026-03-02T10:00:00.000Z',
      summary: type === 'address' ? '1 address added' : 'Items: Sofa × 1 (1 piece)',
    });
    const job = buildJobDetail({
      changes: [change(7, 'address', 'accepted'), change(8, 'items', 'rejected')],
    });
    const server = jobServer(job, {
      'POST /api/company/propose_change': (body) => {
        server.state.job = {
          ...job,
          changes: [
            ...job.changes,
            {
              change_id: 9,
              request_id: 401,
              type: 'request',
              status: 'pending',
              price: 40,
              proposed_at: '2026-03-03T10:00:00.000Z',
              decided_at: null,
              summary: 'New date 12-30-2026, 3 movers',
            },
          ],
        };
        void body;
        return {
          code: 200,
          message: 'Change proposed. The customer has been asked to accept or reject it.',
          data: PROPOSAL,
        };
      },
    });
    renderPage();
    const changes = within(await section('Changes'));
    const items = changes.getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^AddressesAccepted1 address addedPrice \+\$35/),
      expect.stringMatching(/^ItemsRejectedItems: Sofa × 1 \(1 piece\)Price -\$20/),
    ]);

    await user.click(changes.getByRole('button', { name: 'Propose a change' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Propose a change' }));
    expect(dialog.getByRole('radio', { name: 'Date, time, movers and price' })).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Propose change' }));
    expect(await dialog.findByText('Please propose at least one change.')).toBeInTheDocument();

    await user.type(dialog.getByLabelText('New date'), '2026-12-30');
    await user.click(dialog.getByRole('combobox', { name: 'Movers' }));
    await user.click(await screen.findByRole('option', { name: '3 movers' }));
    await user.type(dialog.getByRole('textbox', { name: 'Price difference (USD)' }), '40');
    await user.click(dialog.getByRole('button', { name: 'Propose change' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(server.calls, '/api/company/propose_change')[0]!.body).toEqual({
      request_id: 401,
      type: 'request',
      s_date: '12-30-2026',
      start_window_from: null,
      start_window_to: null,
      movers: 3,
      price: '40',
    });
    const pending = await changes.findByText('New date 12-30-2026, 3 movers');
    expect(within(pending.closest('li')!).getByText('Pending')).toBeInTheDocument();

    // A kind waiting for the customer cannot be proposed again.
    await user.click(changes.getByRole('button', { name: 'Propose a change' }));
    const again = within(await screen.findByRole('dialog'));
    expect(
      again.getByRole('radio', { name: 'Date, time, movers and price (waiting for the customer)' }),
    ).toBeDisabled();
    expect(again.getByRole('radio', { name: 'Addresses' })).toBeChecked();
  });

  it('proposes to remove an address, and to change the quantity of an item', async () => {
    const user = userEvent.setup();
    const server = jobServer(buildJobDetail(), {
      'POST /api/company/propose_change': () => ({
        code: 200,
        message: 'Change proposed.',
        data: PROPOSAL,
      }),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Propose a change' }));
    let dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('radio', { name: 'Addresses' }));
    await user.click(dialog.getByRole('button', { name: 'Propose change' }));
    expect(await dialog.findByText('Please propose at least one change.')).toBeInTheDocument();
    await user.click(dialog.getByRole('combobox', { name: 'Address B (drop-off)' }));
    await user.click(await screen.findByRole('option', { name: 'Remove' }));
    await user.type(dialog.getByRole('textbox', { name: 'Price difference (USD)' }), '-25');
    await user.click(dialog.getByRole('button', { name: 'Propose change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(server.calls, '/api/company/propose_change')[0]!.body).toEqual({
      request_id: 401,
      type: 'address',
      new_address_array: [],
      edit_address_array: [],
      delete_address_array: [{ address_id: 2 }],
      price: '-25',
    });

    await user.click(screen.getByRole('button', { name: 'Propose a change' }));
    dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('radio', { name: 'Items' }));
    const sofa = dialog.getByRole('textbox', { name: 'Sofa (now 2)' });
    await user.clear(sofa);
    await user.type(sofa, '3');
    await user.type(dialog.getByRole('textbox', { name: 'Price difference (USD)' }), '30');
    await user.click(dialog.getByRole('button', { name: 'Propose change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(server.calls, '/api/company/propose_change')[1]!.body).toEqual({
      request_id: 401,
      type: 'items',
      items_array: [
        {
          _id: 12,
          category_name: 'Living room',
          name: 'Sofa',
          type: '1',
          size: '2',
          unit_price: 0,
          quantity: 3,
          items_image_array: ['/uploads/5afa5afa5afa5afa5afa5afa5afa5afa.jpg'],
        },
      ],
      price: '30',
    });
  });

  it('proposes to replace an address and add one, each chosen from the suggestions', async () => {
    const user = userEvent.setup();
    const ocean: GeocodedAddress = {
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
    const server = jobServer(buildJobDetail(), {
      'POST /api/company/propose_change': () => ({
        code: 200,
        message: 'Change proposed.',
        data: PROPOSAL,
      }),
      'GET /api/geo/config': () => ({
        code: 200,
        data: {
          map_tile_url: null,
          provider: 'offline',
          default_center: { lat: 33.9679, lng: -118.297 },
          default_zoom: 11,
        },
      }),
      'GET /api/geo/autocomplete': () => ({
        code: 200,
        data: {
          predictions: [
            {
              place_id: 'place-90401',
              description: ocean.formated_address,
              zip_code: '90401',
              city: 'Santa Monica',
              state: 'CA',
              country: 'USA',
              latitude: ocean.lat,
              longitude: ocean.lng,
            },
          ],
        },
      }),
      'GET /api/geo/geocode': () => ({ code: 200, data: { address: ocean } }),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Propose a change' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('radio', { name: 'Addresses' }));
    await user.click(dialog.getByRole('combobox', { name: 'Address A (pick-up)' }));
    await user.click(await screen.findByRole('option', { name: 'Replace with another address' }));
    await user.click(dialog.getByRole('button', { name: 'Add an address' }));
    await user.click(dialog.getByRole('button', { name: 'Propose change' }));
    expect(
      await dialog.findByText('Please choose each new address from the suggestions.'),
    ).toBeInTheDocument();

    for (const label of ['Address A', 'Address C']) {
      const field = dialog.getByRole('combobox', { name: label });
      await user.type(field, '90401');
      await user.click(await screen.findByRole('option', { name: ocean.formated_address }));
      await waitFor(() => expect(field).toHaveValue(ocean.formated_address));
    }
    await user.type(dialog.getByRole('textbox', { name: 'Price difference (USD)' }), '60');
    await user.click(dialog.getByRole('button', { name: 'Propose change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const place = {
      complete_address: ocean.formated_address,
      street_address: '1200 Ocean Ave',
      zip_code: '90401',
      city: 'Santa Monica',
      state: 'CA',
      latitude: ocean.lat,
      longitude: ocean.lng,
    };
    expect(posted(server.calls, '/api/company/propose_change')[0]!.body).toEqual({
      request_id: 401,
      type: 'address',
      new_address_array: [{ ...place, address_type: 2 }],
      edit_address_array: [{ ...place, address_id: 1, address_type: 1 }],
      delete_address_array: [],
      price: '60',
    });
  });

  it("shows the server's refusal of a change in the dialog", async () => {
    const user = userEvent.setup();
    jobServer(buildJobDetail(), {
      'POST /api/company/propose_change': () => ({
        code: 422,
        message: 'A saving may not exceed what the escrow holds.',
      }),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Propose a change' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByRole('textbox', { name: 'Price difference (USD)' }), '-900');
    await user.click(dialog.getByRole('button', { name: 'Propose change' }));
    expect(
      await dialog.findByText('A saving may not exceed what the escrow holds.'),
    ).toBeInTheDocument();
  });

  it('shows the comment thread and adds a comment and a reply', async () => {
    const user = userEvent.setup();
    const thread = {
      parent_comment: {
        id: 70,
        request_id: 401,
        comment: 'Is there parking?',
        updated_at: '2026-03-01T10:00:00.000Z',
        sender_type: 1,
      },
      parent_comment_profile: {
        name: 'Robin Hart',
        profile_url: null,
        company_rating: null,
        customer_rating: 4,
      },
      child_comments: [],
    };
    const { calls } = jobServer(buildJobDetail({ comments_array: [thread] }), {
      'POST /app_api/add_comments': () => ({ code: 200, data: [thread], next_before_id: null }),
    });
    renderPage();
    const comments = within(await section('Comments'));
    expect(comments.getByText('Is there parking?')).toBeInTheDocument();
    expect(comments.getByText('Robin Hart')).toBeInTheDocument();

    await user.click(comments.getByRole('button', { name: 'Add comment' }));
    expect(await comments.findByText('Please enter a comment.')).toBeInTheDocument();
    await user.type(comments.getByRole('textbox', { name: 'Your comment' }), 'We bring blankets.');
    await user.click(comments.getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(posted(calls, '/app_api/add_comments')).toHaveLength(1));
    expect(posted(calls, '/app_api/add_comments')[0]).toMatchObject({
      body: { request_id: 401, parent_id: 0, comment: 'We bring blankets.' },
      headers: { [AUTH_HEADER]: 'company-token' },
    });

    await user.click(comments.getByRole('button', { name: 'Reply' }));
    await user.type(comments.getByRole('textbox', { name: 'Your reply' }), 'Yes, in front.');
    await user.click(comments.getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(posted(calls, '/app_api/add_comments')).toHaveLength(2));
    expect(posted(calls, '/app_api/add_comments')[1]!.body).toMatchObject({
      parent_id: 70,
      comment: 'Yes, in front.',
    });
  });

  it('loads the older comment threads above the newest ones the job holds', async () => {
    const thread = (id: number, comment: string) => ({
      parent_comment: {
        id,
        request_id: 401,
        comment,
        updated_at: '2026-03-01T10:00:00.000Z',
        sender_type: 1,
      },
      parent_comment_profile: {
        name: 'Robin Hart',
        profile_url: null,
        company_rating: null,
        customer_rating: 4,
      },
      child_comments: [],
    });
    const { calls } = jobServer(
      buildJobDetail({
        comments_array: [thread(70, 'Is there parking?')],
        comments_next_before_id: 70,
      }),
      {
        'POST /app_api/get_comments': () => ({
          code: 200,
          data: [thread(12, 'Do you move pianos?')],
          next_before_id: null,
        }),
      },
    );
    renderPage();
    const comments = within(await section('Comments'));
    expect(comments.queryByText('Do you move pianos?')).toBeNull();
    await userEvent.setup().click(comments.getByRole('button', { name: 'Show older comments' }));
    expect(await comments.findByText('Do you move pianos?')).toBeInTheDocument();
    const items = comments.getAllByRole('listitem').map((li) => li.textContent);
    expect(items.findIndex((t) => t!.includes('Do you move pianos?'))).toBeLessThan(
      items.findIndex((t) => t!.includes('Is there parking?')),
    );
    expect(posted(calls, '/app_api/get_comments')[0]).toMatchObject({
      body: { request_id: 401, limit: 20, before_id: 70 },
      headers: { [AUTH_HEADER]: 'company-token' },
    });
    expect(comments.queryByRole('button', { name: 'Show older comments' })).toBeNull();
  });

  it("chats with the customer once paid: the conversation, a message arriving live, and one sent through the partner's socket", async () => {
    const user = userEvent.setup();
    const chat = {
      room_id: COMPANY_ROOM,
      request_id: 401,
      receiver_room_id: CUSTOMER_ROOM,
      type: 0 as const,
    };
    const received = (id: number, text: string): ChatMessage => ({
      id,
      request_id: 401,
      message_text: text,
      message_type: 0,
      message_datatime: `2026-03-01T10:0${id % 10}:00.000Z`,
      message_status: 0,
      sender_type: 0,
      is_active: true,
      sender_id: CUSTOMER_ROOM,
      receiver_id: COMPANY_ROOM,
      receive_type: 0,
    });
    const { calls } = jobServer(
      buildJobDetail({ chat }),
      {
        'POST /app_api/change_chat_status': () => ({ code: 200, message: 'Messages marked read.' }),
      },
      [received(1, 'Hello there')],
    );
    const { connector } = renderPage();
    const socket = await connector.opened();
    expect(socket.session).toMatchObject({
      token: 'company-token',
      roomId: COMPANY_ROOM,
      type: '2',
    });
    await socket.serverConnects();

    const region = within(await section('Chat with the customer'));
    const log = await region.findByRole('log', { name: 'Messages with Robin Hart' });
    expect(within(log).getByText('Hello there')).toBeInTheDocument();
    expect(posted(calls, '/app_api/get_messages')[0]!.body).toEqual({
      socket_id: CUSTOMER_ROOM,
      request_id: 401,
      type: 0,
      limit: 50,
    });

    // What the customer wrote is marked read, on opening and as it arrives.
    await waitFor(() => expect(posted(calls, '/app_api/change_chat_status')).toHaveLength(1));
    expect(posted(calls, '/app_api/change_chat_status')[0]).toMatchObject({
      body: { socket_id: CUSTOMER_ROOM, request_id: 401, type: 0 },
      headers: { [AUTH_HEADER]: 'company-token' },
    });
    await socket.serverEmits('chatMessage', received(2, 'Are you on time?'));
    expect(await within(log).findByText('Are you on time?')).toBeInTheDocument();
    await waitFor(() => expect(posted(calls, '/app_api/change_chat_status')).toHaveLength(2));

    await user.type(region.getByRole('textbox', { name: 'Message' }), 'Yes, 10 minutes away.');
    await user.click(region.getByRole('button', { name: 'Send' }));
    expect(await within(log).findByText('Yes, 10 minutes away.')).toBeInTheDocument();
    const sent = socket.emitted.find((e) => e.event === 'sendMessage')!.args[0] as SendMessage;
    expect(sent).toMatchObject({
      sender_id: COMPANY_ROOM,
      room_id: COMPANY_ROOM,
      receiver_id: CUSTOMER_ROOM,
      receive_type: 0,
      request_id: 401,
      message: 'Yes, 10 minutes away.',
    });
  });

  it('says so when the conversation has no message yet', async () => {
    const chat = {
      room_id: COMPANY_ROOM,
      request_id: 401,
      receiver_room_id: CUSTOMER_ROOM,
      type: 0 as const,
    };
    jobServer(buildJobDetail({ chat }));
    renderPage();
    expect(await screen.findByText(NO_MESSAGES_TEXT)).toBeInTheDocument();
  });

  it("keeps its queries under the console's root, which the layout reloads on every notification", () => {
    expect(jobDetailKeys.detail(401).slice(0, PARTNER_QUERY_ROOT.length)).toEqual([
      ...PARTNER_QUERY_ROOT,
    ]);
    expect(jobDetailKeys.chat(401).slice(0, PARTNER_QUERY_ROOT.length)).toEqual([
      ...PARTNER_QUERY_ROOT,
    ]);
  });
});
