import { describe, expect, it, vi } from 'vitest';
import { AUTH_HEADER, MSG } from '@movehub/shared';
import { stubFetch } from '../test/fetch-stub';
import { buildUser } from '../test/fixtures';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  UNEXPECTED_RESPONSE_MESSAGE,
  callApi,
  page,
} from './api-client';
import { getStoredUser, getToken, setSession } from './storage';
import { getToast } from './toast';

describe('api client', () => {
  it('sends the stored token in x-sh-auth and returns the parsed envelope', async () => {
    setSession('token-abc', buildUser());
    const { calls } = stubFetch({
      'GET /api/customer/profile_customer': {
        code: 200,
        profile: buildUser(),
        customer_rating: 4.5,
      },
    });
    const response = await callApi('GET /api/customer/profile_customer');
    expect(response.customer_rating).toBe(4.5);
    expect(calls[0]?.headers[AUTH_HEADER]).toBe('token-abc');
  });

  it('shows the server message in the red toast on a failed call and throws code and message', async () => {
    stubFetch({
      'POST /api/customer/make_payment': { code: 409, message: 'Someone else was faster.' },
    });
    const call = callApi('POST /api/customer/make_payment', {
      body: { request_id: 5, price: 480 },
    });
    await expect(call).rejects.toMatchObject({ code: 409, message: 'Someone else was faster.' });
    expect(getToast()).toMatchObject({
      message: 'Someone else was faster.',
      severity: 'error',
      open: true,
    });
  });

  it('keeps the toast away when the call suppresses it', async () => {
    stubFetch({ 'POST /app_api/log_out': { code: 400, message: MSG.invalidCredentials } });
    await expect(callApi('POST /app_api/log_out', { suppressToast: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(getToast()).toBeNull();
  });

  it('sends a FormData as multipart, without the token when the call goes without one', async () => {
    setSession('token-abc', buildUser());
    let sent: RequestInit | undefined;
    const { calls } = stubFetch({
      'POST /app_api/upload_s3_file': (_body, init) => {
        sent = init;
        return { code: 200, message: 'Uploaded', file_url: 'uploads/a.png' };
      },
    });
    const form = new FormData();
    form.append('upload_type', 'profile');
    await callApi('POST /app_api/upload_s3_file', { body: form, withToken: false });

    expect(sent?.body).toBe(form);
    expect(calls[0]?.headers[AUTH_HEADER]).toBeUndefined();
    // The browser sets the multipart Content-Type with its boundary.
    expect(calls[0]?.headers['Content-Type']).toBeUndefined();
  });

  it('keeps the whole failed answer on the error for calls that carry more than a message', async () => {
    stubFetch({
      'POST /api/customer/login_by_google': {
        code: 400,
        message: MSG.phoneRequired,
        phone_required: true,
      },
    });
    const call = callApi('POST /api/customer/login_by_google', {
      body: { access_token: 'google-token', phone_number: '' },
      suppressToast: true,
    });
    await expect(call).rejects.toMatchObject({
      code: 400,
      body: { code: 400, message: MSG.phoneRequired, phone_required: true },
    });
  });

  it('sends a query as the query string', async () => {
    const { calls } = stubFetch({
      'GET /api/geo/autocomplete': { code: 200, message: 'Success', data: { predictions: [] } },
    });
    await callApi('GET /api/geo/autocomplete', { query: { input: '1600 Vine & Co' } });
    expect(calls[0]).toMatchObject({
      path: '/api/geo/autocomplete',
      query: { input: '1600 Vine & Co' },
    });
  });

  it('refuses a 200 that is not an answer of this server (a proxy page, a cut body)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('<html>Gateway</html>', { status: 200 })),
    );
    await expect(callApi('GET /app_api/social_config')).rejects.toMatchObject({
      code: 0,
      message: UNEXPECTED_RESPONSE_MESSAGE,
    });
    expect(getToast()?.message).toBe(UNEXPECTED_RESPONSE_MESSAGE);
  });

  it('turns a network failure into a clear message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(callApi('GET /app_api/social_config')).rejects.toMatchObject({
      code: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
    expect(getToast()?.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('lets a call cancelled while its body arrives fail quietly, not as a bad answer', async () => {
    // TanStack Query aborts a fetch that a refetch replaces; the headers may already be in.
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new TextEncoder().encode('{"code":200,'));
        controller.signal.addEventListener('abort', () =>
          stream.error(new DOMException('The operation was aborted.', 'AbortError')),
        );
      },
    });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(body, { status: 200 })));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const call = callApi('GET /app_api/social_config', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(logged).not.toHaveBeenCalled();
    expect(getToast()).toBeNull();
  });

  it('clears the stored session and reloads the page on a 401', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    setSession('dead-token', buildUser());
    stubFetch({ 'GET /api/customer/profile_customer': { code: 401, message: MSG.unauthorized } });

    await expect(callApi('GET /api/customer/profile_customer')).rejects.toMatchObject({
      code: 401,
    });
    expect(getToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
  });

  it("sends the partner's token for a partner call, and a 401 there ends only the partner session", async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    setSession('customer-token', buildUser());
    setSession('partner-token', buildUser({ id: 7, user_type: 2 }), 'partner');
    const server = stubFetch({
      'POST /api/company/profile': { code: 401, message: MSG.unauthorized },
    });

    await expect(
      callApi('POST /api/company/profile', { session: 'partner' }),
    ).rejects.toMatchObject({ code: 401 });
    expect(server.calls[0]!.headers[AUTH_HEADER]).toBe('partner-token');
    expect(getToken('partner')).toBeNull();
    expect(getStoredUser('partner')).toBeNull();
    expect(getToken()).toBe('customer-token');
    expect(getStoredUser()?.id).toBe(1);
    expect(reload).toHaveBeenCalledOnce();
  });

  describe('revalidated reads', () => {
    const rooms = { code: 200, message: 'Success', data: { items: [{ id: 1, name: 'Kitchen' }] } };

    /** A server that answers the room types with an ETag, and 304 to a matching If-None-Match. */
    function roomTypesServer(etag: string) {
      const seen: (string | undefined)[] = [];
      const fetchMock = vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
        const ifNoneMatch = (init.headers as Record<string, string>)['If-None-Match'];
        seen.push(ifNoneMatch);
        if (ifNoneMatch === etag) return new Response(null, { status: 304, headers: { etag } });
        return new Response(JSON.stringify(rooms), {
          status: 200,
          headers: { 'Content-Type': 'application/json', etag },
        });
      });
      vi.stubGlobal('fetch', fetchMock);
      return seen;
    }

    const roomTypes = (revalidate: boolean) =>
      callApi('POST /api/customer/get_item_categories_by_type', {
        body: { type: '1' },
        revalidate,
      });

    it('keeps a POST read with its ETag and answers a 304 from what it kept', async () => {
      const seen = roomTypesServer('"v1"');
      expect((await roomTypes(true)).data.items).toEqual(rooms.data.items);
      // A later visit: the same call asks with the kept ETag and gets no body back.
      expect((await roomTypes(true)).data.items).toEqual(rooms.data.items);
      expect(seen).toEqual([undefined, '"v1"']);
      expect(getToast()).toBeNull();
    });

    it('replaces what it kept when the answer changed', async () => {
      roomTypesServer('"v1"');
      await roomTypes(true);
      const seen = roomTypesServer('"v2"');
      await roomTypes(true);
      await roomTypes(true);
      expect(seen).toEqual(['"v1"', '"v2"']);
    });

    it('keeps nothing and sends no If-None-Match for other calls', async () => {
      const seen = roomTypesServer('"v1"');
      await roomTypes(false);
      await roomTypes(false);
      expect(seen).toEqual([undefined, undefined]);
      expect(window.localStorage.length).toBe(0);
    });
  });
});
