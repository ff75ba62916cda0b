import { vi } from 'vitest';

/**
 * A fake server at the global fetch boundary: each handler answers one "METHOD path" with an
 * envelope body, the HTTP status being its code (as the real API does). Calls are recorded.
 */
export type StubReply = { code: number; message?: string; [key: string]: unknown };
export type StubHandler =
  StubReply | ((body: unknown, init: RequestInit) => StubReply | Promise<StubReply>);

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export function stubFetch(handlers: Record<string, StubHandler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, body, headers: { ...(init.headers as Record<string, string>) } });
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new Error(`No stub for ${method} ${path}`);
    const reply = typeof handler === 'function' ? await handler(body, init) : handler;
    const envelope = { message: reply.code === 200 ? 'Success' : 'Error', ...reply };
    return new Response(JSON.stringify(envelope), {
      status: reply.code,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
