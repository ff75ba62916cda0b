/*
 * The name of an API call, as the route table (./routes.ts) keys it: its method and its path,
 * 'POST /app_api/login'. This module holds only the name's runtime half, without a schema, so a
 * browser screen that imports it loads no schema library (decision 034).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call's name: method, one space, path. */
export type CallName = `${HttpMethod} /${string}`;

/** The method and the path a call's name stands for. */
export function splitCall(call: CallName): { method: HttpMethod; path: string } {
  const space = call.indexOf(' ');
  return { method: call.slice(0, space) as HttpMethod, path: call.slice(space + 1) };
}
