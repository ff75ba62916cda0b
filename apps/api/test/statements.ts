import type { PGlite } from '@electric-sql/pglite';
import type { TestContext } from './helper';

/*
 * Calls bound by round trips to the database (docs/performance.md) pin how many statements they
 * send: each statement is one. Counted on the embedded database's client (PGlite), BEGIN and
 * COMMIT included; on PostgreSQL the count is skipped.
 */

type Client = {
  query: (...a: unknown[]) => Promise<unknown>;
  exec: (...a: unknown[]) => Promise<unknown>;
  transaction: (fn: (tx: Client) => Promise<unknown>) => Promise<unknown>;
};

/** Whether the test's database is the embedded one, whose statements statementsOf counts. */
export const countsStatements = (ctx: TestContext) => ctx.database.connection.kind === 'pglite';

/** The statements `work` sends, in order (each a round trip). */
export async function statementsOf(ctx: TestContext, work: () => Promise<void>): Promise<string[]> {
  const client = (ctx.database.connection as { client: PGlite }).client as unknown as Client;
  const sent: string[] = [];
  const seen = (text: unknown) => sent.push(String(text).replace(/\s+/g, ' ').slice(0, 160));
  const wrap = (target: Client) => {
    const query = target.query;
    const exec = target.exec;
    target.query = function (this: unknown, ...args: unknown[]) {
      seen(args[0]);
      return query.apply(this, args);
    };
    target.exec = function (this: unknown, ...args: unknown[]) {
      seen(args[0]);
      return exec.apply(this, args);
    };
    return () => {
      target.query = query;
      target.exec = exec;
    };
  };
  const unwrap = wrap(client);
  const transaction = client.transaction;
  client.transaction = function (this: unknown, fn: (tx: Client) => Promise<unknown>) {
    seen('BEGIN');
    return transaction
      .call(this, (tx: Client) => {
        wrap(tx);
        return fn(tx);
      })
      .finally(() => seen('COMMIT'));
  };
  try {
    await work();
  } finally {
    unwrap();
    client.transaction = transaction;
  }
  return sent;
}

/** SHOW_STATEMENTS=1 lists them (to see what a change added). */
export const showStatements = (name: string, statements: string[]) => {
  if (!process.env.SHOW_STATEMENTS) return;
  console.warn(
    `${name}: ${statements.length}\n${statements.map((s, i) => `${i + 1}. ${s}`).join('\n')}`,
  );
};
