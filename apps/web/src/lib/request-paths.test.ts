import { describe, expect, it } from 'vitest';
import { requestDetailPath, requestEditCall } from './request-paths';

describe('request paths', () => {
  it('sends a marketplace request’s edits to /api/customer and a direct one’s to /app_api', () => {
    expect(requestEditCall({ request_type: 0 }, 'edit_items')).toBe(
      'POST /api/customer/edit_items',
    );
    expect(requestEditCall({ request_type: 1 }, 'add_address')).toBe('POST /app_api/add_address');
  });

  it('builds the request detail path', () => {
    expect(requestDetailPath(42)).toBe('/dashboard/my-requests/42');
  });
});
