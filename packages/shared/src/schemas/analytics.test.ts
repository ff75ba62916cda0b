import { describe, expect, it } from 'vitest';
import { analyticsEventBodySchema, analyticsPageOf } from './analytics';

describe('analyticsPageOf (decision 043): the portal page a path shows, never the path itself', () => {
  it("names a path's route pattern and the values of its segments", () => {
    expect(analyticsPageOf('/create-request')).toEqual({ page: '/create-request', params: {} });
    expect(analyticsPageOf('/create-request/swift-movers-la')).toEqual({
      page: '/create-request/:direct_link',
      params: { direct_link: 'swift-movers-la' },
    });
    expect(analyticsPageOf('/set-forget-password/secret-token')?.page).toBe(
      '/set-forget-password/:token',
    );
    expect(analyticsPageOf('/')?.page).toBe('/');
    expect(analyticsPageOf('/dashboard/my-requests/')?.page).toBe('/dashboard/my-requests');
  });

  it('prefers a fixed segment to a named one', () => {
    expect(analyticsPageOf('/dashboard/my-requests/companies-list/7')?.page).toBe(
      '/dashboard/my-requests/companies-list/:requestId',
    );
    expect(analyticsPageOf('/dashboard/my-requests/7')?.page).toBe(
      '/dashboard/my-requests/:requestId',
    );
  });

  it('knows no page outside the customer portal', () => {
    for (const path of ['/partner/jobs', '/partner/foreman', '/no/such/page', '/login/extra']) {
      expect(analyticsPageOf(path), path).toBeNull();
    }
  });
});

describe('analyticsEventBodySchema', () => {
  it('takes a page view and a wizard step with its step', () => {
    expect(analyticsEventBodySchema.parse({ name: 'pageview', path: '/login' })).toEqual({
      name: 'pageview',
      path: '/login',
    });
    expect(
      analyticsEventBodySchema.parse({ name: 'wizard_step', path: '/create-request', step: '3' }),
    ).toEqual({ name: 'wizard_step', path: '/create-request', step: 3 });
  });

  it('refuses a query, another name, a step out of place, another site and a NUL', () => {
    for (const body of [
      { name: 'pageview', path: '/login?email=a@b.example' },
      { name: 'click', path: '/login' },
      { name: 'pageview', path: '/login', step: 0 },
      { name: 'wizard_step', path: '/create-request' },
      { name: 'pageview', path: 'https://elsewhere.example/login' },
      { name: 'pageview', path: '/login\u0000' },
      { name: 'pageview', path: 'login' },
    ]) {
      expect(analyticsEventBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});
