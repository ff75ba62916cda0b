import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { StripeGateway } from '../src/adapters/payments/stripe-gateway';
import { buildTestApp, createUser, loginAs, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const CARD = {
  card_holder_name: 'Rosa Diaz',
  exp_date: '12/34',
  cvv: '123',
  address_1: '100 S Main St',
  address_2: '',
  city: 'Los Angeles',
  state: 'CA',
  zip: '90012',
};

async function tokenize(card_number: string, overrides: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/app_api/sandbox/tokens',
    payload: { ...CARD, card_number, ...overrides },
  });
}

async function customer() {
  const user = await createUser(ctx.database);
  const token = await loginAs(ctx.app, user.email);
  const call = (url: string, payload: object = {}) =>
    ctx.app.inject({ method: 'POST', url, headers: { 'x-sh-auth': token }, payload });
  return { user, call };
}

describe('the sandbox tokeniser', () => {
  it('returns a token, the brand and the last four digits', async () => {
    const res = await tokenize('4242 4242 4242 4242');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^tok_sandbox_/);
    expect(body.card).toEqual({ brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2034 });
  });

  it('refuses a number that fails Luhn, a bad format, a past expiry and a long CVV', async () => {
    expect((await tokenize('4242 4242 4242 4241')).json().message).toBe(
      'Your card number is invalid.',
    );
    expect((await tokenize('4242424242424242')).json().message).toBe(
      'Please enter the 16-digit card number.',
    );
    expect((await tokenize('4242 4242 4242 4242', { exp_date: '01/20' })).json().message).toBe(
      'The expiry date is in the past.',
    );
    expect((await tokenize('4242 4242 4242 4242', { cvv: '12345' })).statusCode).toBe(422);
    expect((await tokenize('4242 4242 4242 4242', { city: ' ' })).json().message).toBe(
      'This field is required.',
    );
  });
});

describe('add, list and delete a card', () => {
  it('saves a verified card and shows only its brand and last digits', async () => {
    const { user, call } = await customer();
    expect((await call('/api/customer/checking_card_exist')).json().retrive_stripe_card).toEqual({
      data: [],
    });

    const { token } = (await tokenize('4242 4242 4242 4242')).json();
    const added = await call('/api/customer/add_card', { token });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toMatchObject({
      brand: 'Visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2034,
      name: 'Rosa Diaz',
    });

    const listed = (await call('/api/customer/checking_card_exist')).json();
    expect(listed.retrive_stripe_card.data).toEqual([
      {
        id: expect.any(Number),
        name: 'Rosa Diaz',
        last4: '4242',
        exp_month: 12,
        exp_year: 2034,
        brand: 'Visa',
      },
    ]);

    const deleted = await call('/api/customer/delete_card');
    expect(deleted.statusCode).toBe(200);
    expect(
      (await call('/api/customer/checking_card_exist')).json().retrive_stripe_card.data,
    ).toEqual([]);
    expect((await call('/api/customer/delete_card')).statusCode).toBe(404);
    expect(user.id).toBeGreaterThan(0);
  });

  it('never stores the card number or the CVV anywhere', async () => {
    const { call } = await customer();
    const { token } = (await tokenize('5555 5555 5555 4444', { cvv: '987' })).json();
    await call('/api/customer/add_card', { token });
    type Rows = { rows: { r: Record<string, unknown> }[] };
    const rowsOf = async (query: ReturnType<typeof sql>) =>
      ((await ctx.database.db.execute(query)) as unknown as Rows).rows;
    const rows = [
      ...(await rowsOf(sql`select row_to_json(x) as r from payment_cards x`)),
      ...(await rowsOf(sql`select row_to_json(x) as r from sandbox_tokens x`)),
      ...(await rowsOf(sql`select row_to_json(x) as r from payment_customers x`)),
    ];
    // Every stored value, one by one: random ids and timestamps may contain any three digits,
    // so the CVV is looked for as a value of its own, and the number inside any value.
    const values = rows
      .flatMap((row) => Object.values((row as { r: Record<string, unknown> }).r))
      .map(String);
    expect(values).toContain('4444');
    expect(values.some((v) => v.replace(/\D/g, '').includes('5555555555554444'))).toBe(false);
    expect(values).not.toContain('987');
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'Your card has expired.'],
  ])('a declined card (%s) changes nothing and shows the reason', async (number, message) => {
    const { call } = await customer();
    const { token } = (await tokenize(number)).json();
    const res = await call('/api/customer/add_card', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message });
    expect(
      (await call('/api/customer/checking_card_exist')).json().retrive_stripe_card.data,
    ).toEqual([]);
  });

  it('uses a token once, and keeps one card per customer', async () => {
    const { call } = await customer();
    const { token } = (await tokenize('4242 4242 4242 4242')).json();
    expect((await call('/api/customer/add_card', { token })).statusCode).toBe(200);
    const again = await call('/api/customer/add_card', { token });
    expect(again.statusCode).toBe(409);

    const other = await customer();
    const reused = await other.call('/api/customer/add_card', { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/invalid or has already been used/);
  });

  it('answers 401 without a session and 422 without a token', async () => {
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/customer/checking_card_exist',
          payload: {},
        })
      ).statusCode,
    ).toBe(401);
    const { call } = await customer();
    expect((await call('/api/customer/add_card', {})).statusCode).toBe(422);
  });

  it('tells the browser which gateway tokenises', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/app_api/payment_config' });
    expect(res.json()).toMatchObject({
      code: 200,
      gateway: 'sandbox',
      stripe_publishable_key: null,
    });
  });
});

describe('Stripe mode', () => {
  it('verifies the webhook signature before anything else', async () => {
    const stripeCtx = await buildTestApp({
      STRIPE_SECRET_KEY: 'sk_test_offline',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_offline',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
    });
    try {
      const config = await stripeCtx.app.inject({ method: 'GET', url: '/app_api/payment_config' });
      expect(config.json()).toMatchObject({
        gateway: 'stripe',
        stripe_publishable_key: 'pk_test_offline',
      });
      // No sandbox tokeniser when a real provider is configured.
      expect(
        (
          await stripeCtx.app.inject({
            method: 'POST',
            url: '/app_api/sandbox/tokens',
            payload: {},
          })
        ).statusCode,
      ).toBe(404);

      const payload = JSON.stringify({
        id: 'evt_1',
        object: 'event',
        type: 'customer.created',
        data: { object: { id: 'cus_1' } },
      });
      const forged = await stripeCtx.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
        payload,
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toEqual({ code: 400, message: 'Invalid Stripe signature.' });

      const stripe = (stripeCtx.app.payments as StripeGateway).stripe;
      const header = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: 'whsec_test_secret',
      });
      const signed = await stripeCtx.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        payload,
      });
      expect(signed.statusCode).toBe(200);
    } finally {
      await stripeCtx.close();
    }
  });
});
