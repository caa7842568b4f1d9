// The bindings of a development build, counted: every D1 statement's rows read and written (its
// result's `meta`) and every R2 operation by billing class, into the cost ledger
// (services/cost-ledger.ts). Production (DEV_MAILBOX off) gets its bindings untouched.
import { countD1, countR2 } from '../services/cost-ledger';

interface Bindings {
  DB: D1Database;
  FILES: R2Bucket;
  DEV_MAILBOX: string;
  COST_LEDGER?: string;
}

/** The envs meteredBindings made: the Durable Object stubs made from one are counted too (durable/stubs.ts). */
const metered = new WeakSet<object>();

export const isMetered = (env: object) => metered.has(env);

/** Whether this build counts costs: a development build (DEV_MAILBOX) that asked for it (COST_LEDGER), so the latency benchmarks measure the Worker without the meters. */
export const countsCosts = (env: { DEV_MAILBOX: string; COST_LEDGER?: string }) =>
  env.DEV_MAILBOX === 'true' && env.COST_LEDGER === 'true';

/** `env` with D1 and R2 counted when costs are counted; `env` itself otherwise. */
export function meteredBindings<E extends Bindings>(env: E): E {
  if (!countsCosts(env) || isMetered(env)) return env;
  const counted = { ...env, DB: meteredD1(env.DB), FILES: meteredR2(env.FILES) };
  metered.add(counted);
  return counted;
}

/** Calls anything else on `target` as itself (native bindings refuse a proxy as `this`). */
function delegate<T extends object>(target: T, overrides: Record<PropertyKey, unknown>): T {
  return new Proxy(target, {
    get(t, key) {
      if (Object.hasOwn(overrides, key)) return overrides[key];
      const value: unknown = Reflect.get(t, key, t);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
  });
}

const counted = <R extends D1Result>(result: R): R => {
  countD1(result.meta.rows_read ?? 0, result.meta.rows_written ?? 0);
  return result;
};

/** The real statement behind a counted one: D1's batch() takes only its own statements. */
const realStatement = new WeakMap<D1PreparedStatement, D1PreparedStatement>();

function meteredStatement(statement: D1PreparedStatement): D1PreparedStatement {
  const wrapped = delegate(statement, {
    bind: (...values: unknown[]) => meteredStatement(statement.bind(...values)),
    all: async () => counted(await statement.all()),
    run: async () => counted(await statement.run()),
    // first() answers without `meta`: the same query through all(), its first row (or column).
    first: async (column?: string) => {
      const row = counted(await statement.all<Record<string, unknown>>()).results[0] ?? null;
      if (row === null || column === undefined) return row;
      if (!(column in row)) throw new Error(`D1_COLUMN_NOTFOUND: ${column}`);
      return row[column];
    },
  });
  realStatement.set(wrapped, statement);
  return wrapped;
}

function meteredD1(db: D1Database): D1Database {
  return delegate(db, {
    prepare: (query: string) => meteredStatement(db.prepare(query)),
    batch: async (statements: D1PreparedStatement[]) =>
      (await db.batch(statements.map((s) => realStatement.get(s) ?? s))).map(counted),
  });
}

// Parley writes whole objects with put(); a multipart upload's parts would be class A too (not counted).
const CLASS_A = ['put', 'list', 'createMultipartUpload'];
const CLASS_B = ['get', 'head'];

function meteredR2(bucket: R2Bucket): R2Bucket {
  const overrides: Record<string, unknown> = {};
  for (const [kind, names] of [
    ['classA', CLASS_A],
    ['classB', CLASS_B],
  ] as const)
    for (const name of names) {
      const method = (bucket as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!.bind(bucket);
      overrides[name] = (...args: unknown[]) => {
        countR2(kind);
        return method(...args);
      };
    }
  return delegate(bucket, overrides);
}
