// What the hubs' schema tests share: the SQL statements a piece of work runs on a Durable Object's
// storage, and which of them change the schema.

/** Statements that change or read a schema: none may run when a hub at the current version wakes. */
export const SCHEMA_STATEMENT = /^\s*(CREATE|ALTER|DROP|PRAGMA)\b/i;

/** Every statement `work` runs on `sql`, in order (the storage's own exec is put back afterwards). */
export async function statementsOf(sql: SqlStorage, work: () => unknown): Promise<string[]> {
  const seen: string[] = [];
  const exec = sql.exec.bind(sql);
  sql.exec = ((query: string, ...bindings: unknown[]) => (
    seen.push(query),
    exec(query, ...bindings)
  )) as typeof sql.exec;
  try {
    await work();
  } finally {
    sql.exec = exec;
  }
  return seen;
}
