import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { prepareStatementsOf, statementName } from '../src/db/statement-names';
import { createServerDatabase } from './server-process';

/*
 * The server's connections send each statement with parameters as a named prepared statement
 * (decision 048): parsed and analysed once per connection, not on every call. What the driver is
 * asked to send is checked on a recording client; what PostgreSQL holds, on the server.
 */

type Sent = { config: unknown; values: unknown };

/** A client that records what it is asked to send, with prepareStatementsOf applied. */
function recording(limit?: number) {
  const sent: Sent[] = [];
  const client = {
    query(config: unknown, values?: unknown) {
      sent.push({ config, values });
      return Promise.resolve({ rows: [] });
    },
  } as unknown as pg.ClientBase;
  prepareStatementsOf(client, limit);
  const nameOf = (i: number) => (sent[i]!.config as { name?: string }).name;
  return { client, sent, nameOf };
}

describe('statements with parameters are named by their text', () => {
  it('names a statement with parameters by its text, the same name on every call', async () => {
    const { client, nameOf } = recording();
    const config = { text: 'select $1::int', rowMode: 'array' };
    await client.query(config, [1]);
    await client.query(config, [2]);
    await client.query({ text: 'select $1::int', values: [3] });
    expect(nameOf(0)).toBe(statementName('select $1::int'));
    expect(nameOf(1)).toBe(nameOf(0));
    expect(nameOf(2)).toBe(nameOf(0));
    expect(statementName('select $1::int')).not.toBe(statementName('select $1::bigint'));
    // The caller's config is not changed: drizzle sends the same object on every call.
    expect(config).toEqual({ text: 'select $1::int', rowMode: 'array' });
  });

  it('keeps a given name, and leaves statements without parameters and plain strings alone', async () => {
    const { client, sent, nameOf } = recording();
    await client.query({ text: 'select $1::int', name: 'open_requests' }, [1]);
    await client.query({ text: 'commit' }, []);
    await client.query({ text: 'select 1' });
    await client.query('select $1::int', [1]);
    expect(nameOf(0)).toBe('open_requests');
    expect(nameOf(1)).toBeUndefined();
    expect(nameOf(2)).toBeUndefined();
    expect(sent[3]!.config).toBe('select $1::int');
  });

  it('names at most its limit of texts; a text past it is sent unnamed', async () => {
    const { client, nameOf } = recording(2);
    for (const text of ['select $1::int', 'select $1::text', 'select $1::bigint', 'select $1::int'])
      await client.query({ text }, [1]);
    expect(nameOf(0)).toBeDefined();
    expect(nameOf(1)).toBeDefined();
    expect(nameOf(2)).toBeUndefined();
    expect(nameOf(3)).toBe(nameOf(0));
  });
});

const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('prepared on the PostgreSQL server', () => {
  let url: string;
  let drop: () => Promise<void>;
  let database: Database | undefined;
  const clients: pg.Client[] = [];
  beforeAll(async () => {
    ({ url, drop } = await createServerDatabase(serverUrl!));
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.end()));
    await database?.close();
    database = undefined;
  });
  afterAll(() => drop());

  const connected = async (limit?: number) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    clients.push(client);
    prepareStatementsOf(client, limit);
    return client;
  };
  const prepared = async (client: pg.ClientBase) =>
    (
      await client.query<{ name: string; statement: string }>(
        'select name, statement from pg_prepared_statements order by statement',
      )
    ).rows;

  it('holds one prepared statement per text, under its name, and answers each call', async () => {
    const client = await connected();
    const text = 'select $1::int + 1 as n';
    expect((await client.query({ text }, [1])).rows).toEqual([{ n: 2 }]);
    expect((await client.query({ text }, [41])).rows).toEqual([{ n: 42 }]);
    expect(await prepared(client)).toEqual([{ name: statementName(text), statement: text }]);
  });

  it('stops at its limit, and a statement that failed to parse is not taken as prepared', async () => {
    const client = await connected(2);
    const bad = 'select $1::int frm nowhere';
    for (let i = 0; i < 2; i += 1) {
      await expect(client.query({ text: bad }, [1])).rejects.toThrow(/syntax error/);
    }
    // A failure while running leaves the statement prepared and usable.
    const divide = 'select 1 / $1::int as q';
    await expect(client.query({ text: divide }, [0])).rejects.toThrow(/division by zero/);
    expect((await client.query({ text: divide }, [1])).rows).toEqual([{ q: 1 }]);
    await client.query({ text: 'select $1::text as t' }, ['a']);
    expect((await client.query({ text: 'select $1::bigint as b' }, [7])).rows).toEqual([
      { b: '7' },
    ]);
    // The limit counts the texts named (the bad one and the division); the third went unnamed.
    expect((await prepared(client)).map((p) => p.statement)).toEqual([divide]);
  });

  it("is how the server's pool sends drizzle's statements", async () => {
    database = await openDatabase({ databaseUrl: url, poolSize: 1 });
    const { db } = database;
    const rowsOf = async (query: SQL) =>
      ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
    expect(await rowsOf(sql`select ${2}::int * 21 as n`)).toEqual([{ n: 42 }]);
    expect(await rowsOf(sql`select name, statement from pg_prepared_statements`)).toEqual([
      { name: statementName('select $1::int * 21 as n'), statement: 'select $1::int * 21 as n' },
    ]);
  });
});
