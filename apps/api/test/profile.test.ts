import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '@movehub/shared';
import { buildTestApp, createUser, loginAs, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/customer/profile_customer', () => {
  it("returns the signed-in customer's profile and rating", async () => {
    const user = await createUser(ctx.database, {
      firstName: 'Rosa',
      lastName: 'Diaz',
      phone: '+13105550000',
      howFoundUs: 'yelp',
      customerRating: 4.5,
    });
    const token = await loginAs(ctx.app, user.email);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/customer/profile_customer',
      headers: { 'x-sh-auth': token },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.customer_rating).toBe(4.5);
    expect(body.profile).toMatchObject({
      id: user.id,
      first_name: 'Rosa',
      last_name: 'Diaz',
      email: user.email,
      phone: '+13105550000',
      how_found_us: 'yelp',
      login_by: 'app',
      invite_friend_code: user.inviteFriendCode,
      profile_picture: null,
    });
  });

  it('answers 401 without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/customer/profile_customer' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401 });
  });

  it('answers 403 to a live token of a company', async () => {
    const company = await createUser(ctx.database, { userType: UserType.company });
    const token = await loginAs(ctx.app, company.email, undefined, UserType.company);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/customer/profile_customer',
      headers: { 'x-sh-auth': token },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(403);
  });
});
