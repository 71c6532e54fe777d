/**
 * Several statements sent to PostgreSQL in one write and answered in one round trip: the extended query protocol's
 * Parse (first use of a name on the connection), Bind, Describe and Execute of each statement, then ONE Sync
 * (postgresql.org/docs/current/protocol-flow.html#PROTOCOL-FLOW-PIPELINING). The server runs them in order; after
 * an error it skips the rest up to the Sync, so a failed statement fails the whole call and none after it ran.
 * It is node-postgres's own Query (taken from the connection's class, so a SQLite deployment never loads `pg`)
 * with only its submit replaced: the client's message handling collects one result per statement, as it does for
 * a multi-statement simple query.
 */
import type { SqlValue } from './dialect.js';

/** One statement as node-postgres takes it: `$n` placeholders, and a name when it is a prepared statement. */
export interface PgStatement {
  text: string;
  values: readonly SqlValue[];
  name?: string | undefined;
}

/** The node-postgres connection internals a pipeline writes to (pg/lib/connection.js). */
interface PgConnection {
  parsedStatements: Record<string, string>;
  stream: { cork?(): void; uncork?(): void };
  parse(query: { text: string; name: string; types: never[] }): void;
  bind(config: { portal: string; statement: string; values: readonly (string | Buffer | null)[] }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(config: { portal: string; rows: number }): void;
  sync(): void;
}

/**
 * Forgets the statement names node-postgres recorded as prepared on the client's connection (after the server
 * dropped them: DEALLOCATE ALL), so that their next use parses them again.
 */
export function forgetPrepared(client: object): void {
  const prepared = (client as { connection?: Partial<PgConnection> }).connection?.parsedStatements;
  for (const name of Object.keys(prepared ?? {})) delete prepared![name];
}

type Results = unknown[] | unknown;
type QueryClass = new (config: { text: string; callback: (error: Error | null, results: Results) => void }) => {
  submit(connection: PgConnection): Error | null;
};

const pipelines = new WeakMap<QueryClass, QueryClass>();

/**
 * Runs `statements` in one round trip on `client` (a pg.Client) and answers one result per statement. A name
 * parsed here is recorded as prepared on the connection when sent; when the call fails, `parsed` tells the caller
 * whether names were (the connection should then be closed: the server may have skipped their Parse).
 */
export function pipelined(
  client: { query(query: unknown): unknown; constructor: unknown },
  statements: readonly PgStatement[],
): Promise<{ results: unknown[]; parsed: boolean }> {
  const Query = (client.constructor as { Query: QueryClass }).Query;
  let Pipeline = pipelines.get(Query);
  if (Pipeline === undefined) pipelines.set(Query, (Pipeline = pipelineOf(Query)));
  return new Promise((resolve, reject) => {
    const query = new Pipeline({
      text: '',
      callback: (error, results) =>
        error
          ? reject(Object.assign(error, { parsedInPipeline: sent.parsed }))
          : resolve({ results: Array.isArray(results) ? results : [results], parsed: sent.parsed }),
    });
    const sent = query as unknown as { statements: readonly PgStatement[]; parsed: boolean };
    sent.statements = statements;
    sent.parsed = false;
    client.query(query);
  });
}

function pipelineOf(Query: QueryClass): QueryClass {
  return class Pipeline extends Query {
    statements: readonly PgStatement[] = [];
    parsed = false;

    override submit(connection: PgConnection): Error | null {
      const prepared = connection.parsedStatements;
      for (const { name, text } of this.statements) {
        if (name !== undefined && prepared[name] !== undefined && prepared[name] !== text)
          return new Error(`prepared statement ${name} was used for a different statement`);
      }
      let bound: Array<Array<string | Buffer | null>>;
      try {
        bound = this.statements.map(({ values }) => values.map(wire));
      } catch (error) {
        return error as Error; // nothing written: the client answers the error and stays usable
      }
      connection.stream.cork?.();
      try {
        for (const [i, { name, text }] of this.statements.entries()) {
          if (name === undefined || prepared[name] === undefined) {
            connection.parse({ text, name: name ?? '', types: [] });
            if (name !== undefined) {
              prepared[name] = text;
              this.parsed = true;
            }
          }
          connection.bind({ portal: '', statement: name ?? '', values: bound[i]! });
          connection.describe({ type: 'P', name: '' });
          connection.execute({ portal: '', rows: 0 });
        }
        connection.sync();
      } finally {
        connection.stream.uncork?.();
      }
      return null;
    }
  };
}

/** A bound value as the protocol writer takes it: bytes (sent binary), text, or null. */
function wire(value: SqlValue): string | Buffer | null {
  if (value === null || Buffer.isBuffer(value)) return value;
  if (value === undefined) throw new TypeError('undefined bound value');
  return String(value);
}
