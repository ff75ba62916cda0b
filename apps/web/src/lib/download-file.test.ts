import { describe, expect, it, vi } from 'vitest';
import { AUTH_HEADER, MSG } from '@movehub/shared';
import { stubFetch } from '../test/fetch-stub';
import { buildCompanyUser, buildUser } from '../test/fixtures';
import { page } from './api-client';
import { downloadFile } from './download-file';
import { getToken, setSession } from './storage';

describe('downloadFile', () => {
  it("sends the named session's token, and a 401 ends that session only", async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    setSession('customer-token', buildUser());
    setSession('company-token', buildCompanyUser(), 'partner');
    const { calls } = stubFetch({ 'GET /payouts.csv': { code: 401, message: MSG.unauthorized } });

    await expect(
      downloadFile('/payouts.csv', 'payouts.csv', { session: 'partner' }),
    ).rejects.toMatchObject({ code: 401 });
    expect(calls[0]!.headers[AUTH_HEADER]).toBe('company-token');
    expect(getToken('partner')).toBeNull();
    expect(getToken()).toBe('customer-token');
    expect(reload).toHaveBeenCalledOnce();
  });

  it("sends the customer's token by default", async () => {
    vi.spyOn(page, 'reload').mockImplementation(() => {});
    setSession('customer-token', buildUser());
    setSession('company-token', buildCompanyUser(), 'partner');
    const { calls } = stubFetch({ 'GET /receipt.pdf': { code: 404, message: 'Not found' } });

    await expect(downloadFile('/receipt.pdf', 'receipt.pdf')).rejects.toMatchObject({ code: 404 });
    expect(calls[0]!.headers[AUTH_HEADER]).toBe('customer-token');
    expect(getToken('partner')).toBe('company-token');
  });
});
