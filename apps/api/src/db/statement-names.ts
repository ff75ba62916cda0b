import { createHash } from 'node:crypto';
import type pg from 'pg';

/*
 * Every statement with parameters is sent as a named prepared statement of its connection, its
 * name drawn from its text: the connection parses and analyses a text once, and PostgreSQL may
 * keep a plan for it, where an unnamed statement is parsed and planned on every call. The money
 * payment's last statement (the status, its history and timeline, the movement, the receipt and
 * the events in one CTE) took longer to parse and plan than to run, under the bench's load: 1.9
 * against 1.1 ms, medians (decision 048).
 *
 * Drizzle's own prepared statements keep the names they were given. A connection names at most
 * PREPARED_PER_CONNECTION texts (each holds memory in its server process for the connection's
 * life); past that, a new text is sent unnamed as before. Statements without parameters (BEGIN,
 * COMMIT) keep the simple protocol.
 */

/** The texts one connection prepares, at most. */
export const PREPARED_PER_CONNECTION = 300;

/** The statement's name: the text's digest, well within PostgreSQL's 63 characters. */
export const statementName = (text: string) =>
  `s_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;

type QueryConfig = { text: string; name?: string; values?: unknown[] };

const unnamedWithValues = (config: unknown, values: unknown): config is QueryConfig => {
  if (typeof config !== 'object' || config === null) return false;
  const c = config as Partial<QueryConfig> & { submit?: unknown };
  if (typeof c.text !== 'string' || c.name !== undefined || typeof c.submit === 'function') {
    return false;
  }
  const given = Array.isArray(values) ? values : c.values;
  return Array.isArray(given) && given.length > 0;
};

/** Makes `client` send its statements with parameters as named prepared statements. */
export function prepareStatementsOf(
  client: pg.ClientBase,
  limit: number = PREPARED_PER_CONNECTION,
): void {
  const names = new Map<string, string>();
  const query = client.query as (...args: unknown[]) => unknown;
  (client as { query: (...args: unknown[]) => unknown }).query = function (
    this: unknown,
    ...args: unknown[]
  ) {
    const [config, values] = args;
    if (unnamedWithValues(config, values)) {
      let name = names.get(config.text);
      if (name === undefined && names.size < limit) {
        name = statementName(config.text);
        names.set(config.text, name);
      }
      // A copy: drizzle reuses its query's config object for every call.
      if (name !== undefined) args[0] = { ...config, name };
    }
    return query.apply(this, args);
  };
}
