import { describe, expect, it, vi } from 'vitest';
import { AUTH_HEADER, MSG, okEnvelopeSchema, profileResponseSchema } from '@movehub/shared';
import { stubFetch } from '../test/fetch-stub';
import { buildUser } from '../test/fixtures';
import { ApiError, NETWORK_ERROR_MESSAGE, callApi, page } from './api-client';
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
    const response = await callApi('/api/customer/profile_customer', {
      schema: profileResponseSchema,
    });
    expect(response.customer_rating).toBe(4.5);
    expect(calls[0]?.headers[AUTH_HEADER]).toBe('token-abc');
  });

  it('shows the server message in the red toast on a failed call and throws code and message', async () => {
    stubFetch({ 'POST /x': { code: 409, message: 'Someone else was faster.' } });
    const call = callApi('/x', { method: 'POST', body: {}, schema: okEnvelopeSchema });
    await expect(call).rejects.toMatchObject({ code: 409, message: 'Someone else was faster.' });
    expect(getToast()).toMatchObject({
      message: 'Someone else was faster.',
      severity: 'error',
      open: true,
    });
  });

  it('keeps the toast away when the call suppresses it', async () => {
    stubFetch({ 'POST /x': { code: 400, message: MSG.invalidCredentials } });
    await expect(
      callApi('/x', { method: 'POST', schema: okEnvelopeSchema, suppressToast: true }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(getToast()).toBeNull();
  });

  it('sends a FormData as multipart, without the token when the call goes without one', async () => {
    setSession('token-abc', buildUser());
    let sent: RequestInit | undefined;
    const { calls } = stubFetch({
      'POST /upload': (_body, init) => {
        sent = init;
        return { code: 200 };
      },
    });
    const form = new FormData();
    form.append('upload_type', 'profile');
    await callApi('/upload', {
      method: 'POST',
      body: form,
      schema: okEnvelopeSchema,
      withToken: false,
    });

    expect(sent?.body).toBe(form);
    expect(calls[0]?.headers[AUTH_HEADER]).toBeUndefined();
    // The browser sets the multipart Content-Type with its boundary.
    expect(calls[0]?.headers['Content-Type']).toBeUndefined();
  });

  it('keeps the whole failed answer on the error for calls that carry more than a message', async () => {
    stubFetch({ 'POST /x': { code: 400, message: MSG.phoneRequired, phone_required: true } });
    const call = callApi('/x', { method: 'POST', schema: okEnvelopeSchema, suppressToast: true });
    await expect(call).rejects.toMatchObject({
      code: 400,
      body: { code: 400, message: MSG.phoneRequired, phone_required: true },
    });
  });

  it('turns a network failure into a clear message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(callApi('/x', { schema: okEnvelopeSchema })).rejects.toMatchObject({
      code: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
    expect(getToast()?.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('clears the stored session and reloads the page on a 401', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    setSession('dead-token', buildUser());
    stubFetch({ 'GET /x': { code: 401, message: MSG.unauthorized } });

    await expect(callApi('/x', { schema: okEnvelopeSchema })).rejects.toMatchObject({ code: 401 });
    expect(getToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
  });
});
