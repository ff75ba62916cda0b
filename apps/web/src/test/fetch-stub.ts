import { vi } from 'vitest';
import { z } from 'zod';
import { apiRoutes } from '@movehub/shared';

/**
 * A fake server at the global fetch boundary: each handler answers one "METHOD path" with an
 * envelope body, the HTTP status being its code (as the real API does). Calls are recorded.
 * A 200 answer of a call in the route table goes through the call's answer schema, as the
 * server's serializer sends it: a stubbed answer the server could not send fails the test
 * (the browser itself does not check answers, decision 034).
 */
export type StubReply = { code: number; message?: string; [key: string]: unknown };
export type StubHandler =
  StubReply | ((body: unknown, init: RequestInit, url: URL) => StubReply | Promise<StubReply>);

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  /** The query string's parameters (a GET carries its input there). */
  query: Record<string, string>;
  headers: Record<string, string>;
}

export function stubFetch(handlers: Record<string, StubHandler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://localhost');
    const path = parsed.pathname;
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const query = Object.fromEntries(parsed.searchParams);
    calls.push({
      method,
      path,
      body,
      query,
      headers: { ...(init.headers as Record<string, string>) },
    });
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new Error(`No stub for ${method} ${path}`);
    const reply = typeof handler === 'function' ? await handler(body, init, parsed) : handler;
    let envelope: unknown = { message: reply.code === 200 ? 'Success' : 'Error', ...reply };
    const call = `${method} ${path}`;
    if (reply.code === 200 && Object.hasOwn(apiRoutes, call)) {
      const answer = apiRoutes[call as keyof typeof apiRoutes].answer.safeParse(envelope);
      if (!answer.success) {
        const problem = `The stubbed answer of ${call} is not one the server sends:\n${z.prettifyError(answer.error)}`;
        console.error(problem);
        throw new Error(problem);
      }
      envelope = answer.data;
    }
    return new Response(JSON.stringify(envelope), {
      status: reply.code,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
