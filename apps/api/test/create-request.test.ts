import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  addLocalDays,
  MSG,
  PREMADE_WINDOWS,
  toSpecDate,
  UserType,
  zonedNow,
} from '@movehub/shared';
import {
  catalogueItems,
  companyDirectLinks,
  moveTypes,
  notifications,
  requestAddresses,
  requestItemImages,
  requestItems,
  requests,
  requestTimeline,
  users,
} from '../src/db/schema';
import { DEMO_COMPANIES, DEMO_DIRECT_LINKS, DEMO_SALES_MEMBER } from '../src/db/seed/demo';
import { buildTestApp, createUser, type TestContext } from './helper';
import { sessionFor } from './accounts-helpers';
import { uploadPhoto } from './uploads-helpers';

let ctx: TestContext;
let token: string;
let customerId: number;
let moveTypeId: number;
let sofa: typeof catalogueItems.$inferSelect;
let tape: typeof catalogueItems.$inferSelect;
/** Three photos uploaded as the wizard uploads them: item photos are uploads of ours only. */
let photos: string[];

beforeAll(async () => {
  ctx = await buildTestApp();
  photos = [await uploadPhoto(ctx.app), await uploadPhoto(ctx.app), await uploadPhoto(ctx.app)];
  const db = ctx.database.db;
  const [studio] = await db.select().from(moveTypes).where(eq(moveTypes.name, '2 bed room apt.'));
  moveTypeId = studio!.id;
  const [regular] = await db
    .select()
    .from(catalogueItems)
    .where(eq(catalogueItems.type, '1'))
    .orderBy(asc(catalogueItems.id))
    .limit(1);
  const [extra] = await db
    .select()
    .from(catalogueItems)
    .where(eq(catalogueItems.type, '2'))
    .orderBy(asc(catalogueItems.id))
    .limit(1);
  if (!regular || !extra) throw new Error('the catalogue seed has no items');
  sofa = regular;
  tape = extra;
});
afterAll(() => ctx.close());

// A customer of each test's own: one account's requests an hour have a ceiling (decision 040).
beforeEach(async () => {
  const customer = await createUser(ctx.database, { phone: '+13105550100' });
  customerId = customer.id;
  token = await sessionFor(ctx.database, customer.id);
});

const inDays = (days: number) => toSpecDate(addLocalDays(new Date(), days));

/** SERVICE_TIME_ZONE's default: the server judges the move date on this clock (spec §5). */
const SERVICE_ZONE = 'America/Los_Angeles';
/** 'MM-DD-YYYY' of the day `days` after today in the service's zone, whatever the host's. */
const zonedDay = (days: number) => {
  const [y, m, d] = zonedNow(new Date(), SERVICE_ZONE).date.split('-').map(Number);
  return toSpecDate(new Date(y!, m! - 1, d! + days));
};

const PAST_DATE = 'The move date cannot be in the past.';
const CUTOFF_DATE = 'From 22:00 the earliest move date is tomorrow.';
const WINDOW_ORDER = "The move time's 'To' must be later than its 'From'.";
const offGrid = (field: string) =>
  `${field} must be a time on the half hour from 00:00 to 23:30, as HH:mm.`;

const address = (i: number, zip = '90012') => ({
  street_address: `${100 + i} S Main St`,
  apartment_number: i === 1 ? '4B' : '',
  address_detail: 'Gate code 1234',
  is_storage: i === 1,
  complete_address: `${100 + i} S Main St, Los Angeles, CA ${zip}, USA`,
  zip_code: zip,
  city: 'Los Angeles',
  state: 'CA',
  country: 'USA',
  is_stairs: i === 0,
  is_elevator: i !== 0,
  is_hardwood_floor: true,
  number_of_flights: i === 0 ? 2 : 0,
  parking_and_building_info: 'Loading zone in front',
  latitude: 34.05 + i * 0.02,
  longitude: -118.24 - i * 0.05,
  address_type: i === 0 ? '1' : '2',
});

function payload(overrides: Record<string, unknown> = {}) {
  return {
    request_type: '0',
    address_array: [address(0), address(1, '90402'), address(2, '91101')],
    starting_lat: 34.05,
    starting_long: -118.24,
    schedule_time: '',
    move_type: moveTypeId,
    payment_status: '0',
    customer_budget: 650,
    final_comment: 'Please bring blankets for the piano.',
    s_date: inDays(10),
    s_time: '08:00 - 09:00',
    movers: 3,
    items_array: [
      {
        _id: sofa.id,
        category_name: 'Living Room',
        name: sofa.name,
        type: '1',
        size: '3',
        unit_price: 0,
        currency: 'USD',
        quantity: 2,
        additional_info: 'Leather, scratches easily',
        items_image_array: [photos[0], photos[1]],
        added_by_type: '',
      },
      {
        _id: '',
        category_name: 'Common List',
        name: 'Grandfather clock',
        type: '1',
        size: '4',
        unit_price: 0,
        currency: 'USD',
        quantity: 1,
        additional_info: '',
        items_image_array: [photos[2]],
        added_by_type: '1',
      },
      {
        _id: tape.id,
        category_name: 'Packing Materials',
        name: tape.name,
        type: '2',
        size: '0',
        unit_price: 4.5,
        currency: 'USD',
        quantity: 6,
        additional_info: '',
        items_image_array: [],
        added_by_type: '',
      },
    ],
    ...overrides,
  };
}

const send = (body: object, auth: string | null = token, url = '/api/customer/generate_request') =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: auth ? { 'x-sh-auth': auth } : {},
  });

/** The request row a successful create-request call stored. */
async function storedRequest(res: Awaited<ReturnType<typeof send>>) {
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json() as { data: { Request_ID: { id: number } } }).data.Request_ID.id;
  const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, id));
  return row;
}

const direct = (body: object, sales = false) =>
  send(
    body,
    null,
    sales
      ? '/api/sale_team/generate_request_by_customer'
      : '/api/company/generate_request_by_customer',
  );

const totals = async () => {
  const db = ctx.database.db;
  const count = async (t: typeof requests | typeof requestItems | typeof requestTimeline) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(t))[0]!.n;
  return {
    requests: await count(requests),
    items: await count(requestItems),
    timeline: await count(requestTimeline),
  };
};

describe('generate_request (normal mode)', () => {
  it('stores the request exactly as sent and lists it in My Requests', async () => {
    const res = await send(payload());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      code: number;
      data: { Request_ID: { id: number; public_access_link: string }; phone: string | null };
    };
    expect(body.code).toBe(200);
    expect(body.data.phone).toBe('+13105550100');
    const { id, public_access_link: link } = body.data.Request_ID;
    expect(link.length).toBeGreaterThanOrEqual(22);

    const db = ctx.database.db;
    const [row] = await db.select().from(requests).where(eq(requests.id, id));
    expect(row).toMatchObject({
      customerId,
      requestStatus: 0,
      timelineStatus: 0,
      requestType: 0,
      companyId: null,
      movers: 3,
      customerBudgetCents: 65_000,
      finalComment: 'Please bring blankets for the piano.',
      moveTime: '08:00 - 09:00',
      windowFrom: '08:00',
      windowTo: '09:00',
      moveTypeId,
      publicAccessLink: link,
    });
    const [mm, dd, yyyy] = inDays(10).split('-');
    expect(row!.moveDate).toBe(`${yyyy}-${mm}-${dd}`);
    expect(row!.netDistanceMiles).toBeGreaterThan(0);
    expect(row!.recommendAmountCents).toBeGreaterThan(0);

    const addrs = await db
      .select()
      .from(requestAddresses)
      .where(eq(requestAddresses.requestId, id))
      .orderBy(asc(requestAddresses.position));
    expect(addrs.map((a) => [a.zipCode, a.addressType])).toEqual([
      ['90012', 1],
      ['90402', 2],
      ['91101', 2],
    ]);
    expect(addrs[0]).toMatchObject({ isStairs: true, numberOfFlights: 2, isHardwoodFloor: true });
    expect(addrs[1]).toMatchObject({ apartmentNumber: '4B', isStorage: true, isElevator: true });

    const items = await db
      .select()
      .from(requestItems)
      .where(eq(requestItems.requestId, id))
      .orderBy(asc(requestItems.position));
    expect(items.map((i) => [i.name, i.type, i.size, i.quantity, i.catalogueItemId])).toEqual([
      [sofa.name, '1', '3', 2, sofa.id],
      ['Grandfather clock', '1', '4', 1, null],
      [tape.name, '2', '0', 6, tape.id],
    ]);
    expect(items[2]!.unitPriceCents).toBe(450);
    expect(items[1]!.addedByType).toBe('1');
    const stored = await db
      .select({ itemId: requestItemImages.requestItemId, url: requestItemImages.imageUrl })
      .from(requestItemImages)
      .orderBy(asc(requestItemImages.id));
    expect(stored.filter((p) => p.itemId === items[0]!.id).map((p) => p.url)).toEqual([
      photos[0],
      photos[1],
    ]);
    expect(stored.filter((p) => p.itemId === items[1]!.id).map((p) => p.url)).toEqual([photos[2]]);

    const timeline = await db
      .select()
      .from(requestTimeline)
      .where(eq(requestTimeline.requestId, id));
    expect(timeline.map((t) => t.activityTitle)).toEqual(['Request created']);
    const notes = await db.select().from(notifications).where(eq(notifications.requestId, id));
    expect(notes.map((n) => [n.userId, n.messageBody])).toEqual([
      [customerId, `Your move request #${id} was sent to moving companies.`],
    ]);

    const list = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer/get_customer_request',
      headers: { 'x-sh-auth': token },
      payload: { request_status: '0' },
    });
    expect(list.statusCode).toBe(200);
    const entry = (
      list.json() as {
        data: {
          request: { id: number; s_date: string };
          request_address: { zip_code: string }[];
        }[];
      }
    ).data.find((e) => e.request.id === id);
    expect(entry?.request.s_date).toBe(inDays(10));
    expect(entry?.request_address.map((a) => a.zip_code)).toEqual(['90012', '90402', '91101']);
  });

  const refused: [string, () => object, string?][] = [
    [
      '7 addresses',
      () => payload({ address_array: Array.from({ length: 7 }, (_, i) => address(i)) }),
    ],
    ['a single address', () => payload({ address_array: [address(0)] })],
    [
      'a negative quantity',
      () => payload({ items_array: [{ ...payload().items_array[0], quantity: -1 }] }),
    ],
    [
      'a decimal quantity',
      () => payload({ items_array: [{ ...payload().items_array[0], quantity: 1.5 }] }),
    ],
    [
      'a quantity over 999',
      () => payload({ items_array: [{ ...payload().items_array[0], quantity: 1000 }] }),
    ],
    [
      '4 photos on an item',
      () =>
        payload({
          items_array: [
            { ...payload().items_array[0], items_image_array: ['/1', '/2', '/3', '/4'] },
          ],
        }),
    ],
    ['a malformed date', () => payload({ s_date: '2026-12-01' })],
    ['a past date', () => payload({ s_date: inDays(-5) }), PAST_DATE],
    // No day of slack any more: yesterday in Los Angeles is past, whatever the host's zone.
    ["yesterday in the service's time zone", () => payload({ s_date: zonedDay(-1) }), PAST_DATE],
    [
      "a window whose 'To' is before its 'From'",
      () => payload({ start_window_from: '11:00', start_window_to: '10:00' }),
      WINDOW_ORDER,
    ],
    [
      "a window whose 'To' is its 'From'",
      () => payload({ start_window_from: '10:00', start_window_to: '10:00' }),
      WINDOW_ORDER,
    ],
    [
      'a start off the 30-minute grid',
      () => payload({ start_window_from: '08:15', start_window_to: '09:00' }),
      offGrid('start_window_from'),
    ],
    [
      'an end after 23:30',
      () => payload({ start_window_from: '23:00', start_window_to: '24:00' }),
      offGrid('start_window_to'),
    ],
    [
      "an s_time whose 'To' is before its 'From'",
      () => payload({ s_time: '11:00 - 09:00' }),
      WINDOW_ORDER,
    ],
    ['an s_time off the grid', () => payload({ s_time: '08:15 - 09:00' }), offGrid('s_time')],
    [
      'no time window at all',
      () => payload({ s_time: null, start_window_from: '', start_window_to: '' }),
      "Please choose the move time: both 'From' and 'To'.",
    ],
    [
      'an unserved zip',
      () => payload({ address_array: [address(0), address(1, '10001')] }),
      MSG.notInArea,
    ],
    ['an unknown move type', () => payload({ move_type: 999_999 }), MSG.selectMoveSize],
    [
      'an address without zip',
      () => payload({ address_array: [address(0), { ...address(1), zip_code: '' }] }),
      MSG.zipForAddress,
    ],
    [
      'an unknown catalogue item',
      () => payload({ items_array: [{ ...payload().items_array[0], _id: 999_999 }] }),
    ],
  ];
  it.each(refused)('refuses %s and writes nothing', async (_name, make, message) => {
    const before = await totals();
    const res = await send(make());
    expect([400, 422]).toContain(res.statusCode);
    if (message) expect((res.json() as { message: string }).message).toBe(message);
    expect(await totals()).toEqual(before);
  });

  it.each(PREMADE_WINDOWS)("takes the premade window '$label' as s_time", async (window) => {
    // s_time alone may carry the window: the bounds '' (an unset draft field) or left out.
    for (const bounds of [
      { start_window_from: '', start_window_to: '' },
      { start_window_from: undefined, start_window_to: undefined },
    ]) {
      const res = await send(payload({ s_time: window.label, ...bounds }));
      const row = await storedRequest(res);
      expect(row).toMatchObject({
        moveTime: window.label,
        windowFrom: window.from,
        windowTo: window.to,
      });
    }
  });

  it('takes the bounds the wizard sends, up to the last slot 23:30', async () => {
    const res = await send(
      payload({ s_time: '23:00 - 23:30', start_window_from: '23:00', start_window_to: '23:30' }),
    );
    const row = await storedRequest(res);
    expect(row).toMatchObject({ windowFrom: '23:00', windowTo: '23:30' });
  });

  it('keeps a free-text s_time as the move time when no bounds come with it', async () => {
    const res = await send(
      payload({ s_time: '8:00 AM - 9:00 AM', start_window_from: '', start_window_to: '' }),
    );
    const row = await storedRequest(res);
    expect(row).toMatchObject({ moveTime: '8:00 AM - 9:00 AM', windowFrom: null, windowTo: null });
  });

  it('answers 401 without a token', async () => {
    const before = await totals();
    const res = await send(payload(), null);
    expect(res.statusCode).toBe(401);
    expect(await totals()).toEqual(before);
  });
});

describe("the move date on the service's clock (spec §5: today, or tomorrow from 22:00)", () => {
  // Only Date is faked: timers, the database and the session check (the database clock) run on.
  const freeze = (instant: string) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(instant));
  };
  afterEach(() => {
    vi.useRealTimers();
  });

  it("takes today before 22:00 in Los Angeles, though UTC already has tomorrow's date", async () => {
    freeze('2026-11-22T05:30:00Z'); // 21:30 on 21 November in Los Angeles (PST)
    const res = await send(payload({ s_date: '11-21-2026' }));
    const row = await storedRequest(res);
    expect(row?.moveDate).toBe('2026-11-21');
  });

  it('refuses yesterday in Los Angeles, with no day of slack', async () => {
    freeze('2026-11-22T09:00:00Z'); // 01:00 on 22 November in Los Angeles
    const before = await totals();
    const res = await send(payload({ s_date: '11-21-2026' }));
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe(PAST_DATE);
    expect(await totals()).toEqual(before);
  });

  it('refuses today from 22:00 in Los Angeles and takes tomorrow', async () => {
    freeze('2026-11-22T06:00:00Z'); // 22:00 on 21 November in Los Angeles
    const before = await totals();
    const late = await send(payload({ s_date: '11-21-2026' }));
    expect(late.statusCode).toBe(400);
    expect((late.json() as { message: string }).message).toBe(CUTOFF_DATE);
    expect(await totals()).toEqual(before);
    const tomorrow = await send(payload({ s_date: '11-22-2026' }));
    expect(tomorrow.statusCode, tomorrow.body).toBe(200);
  });
});

describe('validate_generated_link', () => {
  it('gives the company profile of a company link', async () => {
    const res = await send(
      { generated_link: DEMO_DIRECT_LINKS.company },
      null,
      '/api/company/validate_generated_link',
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: boolean; profile: { name: string; user_type: number } };
    expect(body.data).toBe(true);
    expect(body.profile).toMatchObject({ name: DEMO_COMPANIES[0].profile.name, user_type: 2 });
  });

  it('gives user_type 4 for a sales-team link', async () => {
    const res = await send(
      { generated_link: DEMO_DIRECT_LINKS.salesTeam },
      null,
      '/api/company/validate_generated_link',
    );
    expect(res.statusCode).toBe(200);
    expect((res.json() as { profile: { user_type: number } }).profile.user_type).toBe(4);
  });

  it('refuses an unknown or inactive link', async () => {
    const res = await send(
      { generated_link: 'no-such-link' },
      null,
      '/api/company/validate_generated_link',
    );
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe(MSG.directLinkInvalid);
    const db = ctx.database.db;
    const [company] = await db
      .select()
      .from(users)
      .where(and(eq(users.email, DEMO_COMPANIES[1].email), eq(users.userType, UserType.company)));
    await db.insert(companyDirectLinks).values({
      link: 'westside-old',
      companyId: company!.id,
      createdByUserId: company!.id,
      isActive: false,
    });
    const old = await send(
      { generated_link: 'westside-old' },
      null,
      '/api/company/validate_generated_link',
    );
    expect(old.statusCode).toBe(400);
  });
});

describe('generate_request_by_customer (direct-link mode)', () => {
  const contact = (email: string) => ({
    first_name: 'Jordan',
    last_name: 'Reyes',
    email,
    phone_number: '+13235550123',
    customer_phone_number: '+13235550123',
    start_window_from: '10:00',
    start_window_to: '11:00',
  });
  const directPayload = (email: string, link: string, overrides: Record<string, unknown> = {}) => {
    const { request_type: _omit, customer_budget: _budget, ...rest } = payload();
    return {
      ...rest,
      // Outside the service area: the check applies to marketplace requests only.
      address_array: [address(0, '10001'), address(1, '10002')],
      ...contact(email),
      direct_access_link: link,
      ...overrides,
    };
  };
  const swiftId = async () => {
    const [row] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, DEMO_COMPANIES[0].email), eq(users.userType, UserType.company)));
    return row!.id;
  };

  it('puts the request in the company queue with the contact on it, and no customer', async () => {
    const email = `direct-${Date.now()}@example.com`;
    const first = await direct(directPayload(email.toUpperCase(), DEMO_DIRECT_LINKS.company));
    expect(first.statusCode, first.body).toBe(200);
    const data = (first.json() as { data: { Request_ID: { id: number }; phone: string } }).data;
    expect(data.phone).toBe(DEMO_COMPANIES[0].profile.phone);
    const db = ctx.database.db;
    // A caller without a token proves nothing: no account is made for the email (see
    // direct-requests.test.ts for the confirmation that attaches the request).
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const companyId = await swiftId();
    const [row] = await db.select().from(requests).where(eq(requests.id, data.Request_ID.id));
    expect(row).toMatchObject({
      customerId: null,
      requestType: 1,
      companyId,
      windowFrom: '10:00',
      windowTo: '11:00',
      contactFirstName: 'Jordan',
      contactEmail: email,
      contactPhone: '+13235550123',
      createdByUserId: null,
    });
    const notes = await db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.requestId, data.Request_ID.id));
    expect(notes.map((n) => n.userId)).toEqual([companyId]);
  });

  it('refuses an invalid link and bad contact fields, writing nothing', async () => {
    const before = await totals();
    const bad = await direct(directPayload('x@example.com', 'no-such-link'));
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toBe(MSG.directLinkInvalid);
    for (const [field, value, message] of [
      ['first_name', '123', MSG.firstNameInvalid],
      ['last_name', '', MSG.lastNameInvalid],
      ['email', 'not-an-email', MSG.profileEmailInvalid],
      ['phone_number', '(323) 555-01', MSG.phoneInvalid],
    ] as const) {
      const res = await direct(
        directPayload('x@example.com', DEMO_DIRECT_LINKS.company, {
          [field]: value,
          customer_phone_number: undefined,
        }),
      );
      expect(res.statusCode).toBe(422);
      expect((res.json() as { message: string }).message).toBe(message);
    }
    expect(await totals()).toEqual(before);
  });

  it('posts through a sales-team link for the member company, recording the member', async () => {
    const email = `sales-${Date.now()}@example.com`;
    const res = await direct(directPayload(email, DEMO_DIRECT_LINKS.salesTeam), true);
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { data: { Request_ID: { id: number } } }).data.Request_ID.id;
    const db = ctx.database.db;
    const [member] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_SALES_MEMBER.email));
    const [row] = await db.select().from(requests).where(eq(requests.id, id));
    expect(row).toMatchObject({
      requestType: 1,
      companyId: await swiftId(),
      createdByUserId: member!.id,
    });
  });

  it('refuses a past date, the cutoff and a bad window on both direct paths too', async () => {
    const before = await totals();
    for (const [link, sales] of [
      [DEMO_DIRECT_LINKS.company, false],
      [DEMO_DIRECT_LINKS.salesTeam, true],
    ] as const) {
      const past = await direct(
        directPayload('z@example.com', link, { s_date: zonedDay(-1) }),
        sales,
      );
      expect(past.statusCode).toBe(400);
      expect((past.json() as { message: string }).message).toBe(PAST_DATE);
      const reversed = await direct(
        directPayload('z@example.com', link, {
          start_window_from: '12:00',
          start_window_to: '11:30',
        }),
        sales,
      );
      expect(reversed.statusCode).toBe(422);
      expect((reversed.json() as { message: string }).message).toBe(WINDOW_ORDER);
      const offGridStart = await direct(
        directPayload('z@example.com', link, { start_window_from: '08:15' }),
        sales,
      );
      expect(offGridStart.statusCode).toBe(422);
      expect((offGridStart.json() as { message: string }).message).toBe(
        offGrid('start_window_from'),
      );
    }
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-22T07:30:00Z')); // 23:30 on 21 November in Los Angeles
      const late = await direct(
        directPayload('z@example.com', DEMO_DIRECT_LINKS.company, { s_date: '11-21-2026' }),
      );
      expect(late.statusCode).toBe(400);
      expect((late.json() as { message: string }).message).toBe(CUTOFF_DATE);
    } finally {
      vi.useRealTimers();
    }
    expect(await totals()).toEqual(before);
  });

  it('refuses a company link on the sale_team path', async () => {
    const before = await totals();
    const res = await direct(directPayload('y@example.com', DEMO_DIRECT_LINKS.company), true);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe(MSG.directLinkInvalid);
    expect(await totals()).toEqual(before);
  });
});
