// Versioned schema steps for a Durable Object's SQLite. Each module names its schema and lists the
// steps that build it; the number of steps applied is kept in the object's key-value storage, so
// a wake at the current version runs no schema statement at all (only that one read), and a hub
// made before steps were counted runs step 1, which must accept the tables it finds.

/** One schema change; a module appends a step for its next change and never edits a shipped one. */
export type MigrationStep = (sql: SqlStorage) => void;

/** Brings `schema` up to `steps.length`, all steps in one transaction with the version they reach. */
export function migrate(storage: DurableObjectStorage, schema: string, steps: readonly MigrationStep[]): void {
  const key = `schema_version:${schema}`;
  const version = Number(storage.kv.get(key) ?? 0);
  if (version >= steps.length) return;
  storage.transactionSync(() => {
    for (const step of steps.slice(version)) step(storage.sql);
    storage.kv.put(key, steps.length);
  });
}

/** The columns a table has now (step 1 of a module adds the ones hubs made before lack). */
export const columnsOf = (sql: SqlStorage, table: string): string[] =>
  sql
    .exec(`PRAGMA table_info(${table})`)
    .toArray()
    .map((c) => String(c.name));
