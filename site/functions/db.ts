// The little a store needs from a SQL client, so one schema and one set of queries serve both
// PGlite (embedded) and the `postgres` client (any PostgreSQL server). No `node:` imports.

/** A SQL connection or transaction: positional parameters `$1…`, rows as plain objects. */
export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Runs several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
}

export interface Db extends Sql {
  /** Runs `work` in one transaction: all of it is committed, or none of it. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Where the data lives, for logs: "PGlite at .data/pglite", "PostgreSQL at db.example.com:5432/app". */
  description: string;
}

