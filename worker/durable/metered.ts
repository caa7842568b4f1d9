// A development build's Durable Objects, counted into the cost ledger (services/cost-ledger.ts):
// the SQLite rows each class reads and writes (every cursor's rowsRead / rowsWritten, and the
// key-value API's gets and puts, which SQLite-backed objects bill as rows), the requests each
// receives (stub calls and fetches, alarms) and its incoming socket messages. Production (DEV_MAILBOX or COST_LEDGER
// off) installs nothing: the objects keep their own storage, env and stubs.
import { countsCosts, isMetered, meteredBindings } from '../db/metered';
import { countObject } from '../services/cost-ledger';

const isDev = countsCosts;

/**
 * Called once in an object's constructor: counts its storage from now on and answers the env it
 * should keep (D1 and R2 counted too).
 */
export function meterObject(ctx: DurableObjectState, env: Env, className: string): Env {
  if (!isDev(env)) return env;
  const { sql, kv } = ctx.storage;
  Object.defineProperty(ctx.storage, 'sql', { value: meteredSql(sql, className) });
  Object.defineProperty(ctx.storage, 'kv', { value: meteredKv(kv, className) });
  return meteredBindings(env);
}

/** One request to `className` that no stub carried: an alarm, or 1/20 of one for a socket message. */
export function meterEvent(env: Env, className: string, kind: 'alarm' | 'socketMessage'): void {
  if (isDev(env)) countObject(className, kind === 'alarm' ? 'requests' : 'socketMessages');
}

/**
 * `stub` with every call on it (a method or fetch: one billed request each) counted for `className`,
 * when made from a counted env (the Worker's routes and the objects have one; a test's own stubs,
 * made from the plain env, stay real stubs that runInDurableObject accepts).
 */
export function meteredStub<S extends object>(env: Env, className: string, stub: S): S {
  if (!isMetered(env)) return stub;
  return new Proxy(stub, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        countObject(className, 'requests');
        return Reflect.apply(value as (...a: unknown[]) => unknown, target, args);
      };
    },
  });
}

function meteredSql(sql: SqlStorage, className: string): SqlStorage {
  const exec = sql.exec.bind(sql);
  // What is assigned to the counted handle stays on it (a test may wrap exec to watch statements).
  const own: Record<PropertyKey, unknown> = {
    exec: (query: string, ...bindings: unknown[]) => meteredCursor(exec(query, ...bindings), className),
  };
  return new Proxy(sql, {
    get(target, key) {
      if (Object.hasOwn(own, key)) return own[key];
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
    set(_target, key, value) {
      own[key] = value;
      return true;
    },
  });
}

/**
 * A cursor's counts grow as it is read (a SELECT steps row by row), so what it adds is settled
 * after every step, not only when exec() returns.
 */
function meteredCursor<T extends Record<string, SqlStorageValue>>(
  cursor: SqlStorageCursor<T>,
  className: string,
): SqlStorageCursor<T> {
  let read = 0;
  let written = 0;
  const settle = () => {
    countObject(className, 'rowsRead', cursor.rowsRead - read);
    countObject(className, 'rowsWritten', cursor.rowsWritten - written);
    read = cursor.rowsRead;
    written = cursor.rowsWritten;
  };
  const step =
    <A extends unknown[], R>(f: (...args: A) => R) =>
    (...args: A): R => {
      try {
        return f(...args);
      } finally {
        settle();
      }
    };
  settle();
  const wrapped: SqlStorageCursor<T> = new Proxy(cursor, {
    get(target, key) {
      switch (key) {
        case 'next':
          return step(() => target.next());
        case 'toArray':
          return step(() => target.toArray());
        case 'one':
          return step(() => target.one());
        case 'raw':
          return () => {
            const rows = target.raw();
            const counted = { next: step(() => rows.next()), [Symbol.iterator]: () => counted };
            return counted;
          };
        case Symbol.iterator:
          return () => wrapped;
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return wrapped;
}

/** The synchronous key-value API of a SQLite-backed object: a get reads a row, a put or delete writes one. */
function meteredKv(kv: SyncKvStorage, className: string): SyncKvStorage {
  return new Proxy(kv, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      const field = key === 'get' ? 'rowsRead' : key === 'put' || key === 'delete' ? 'rowsWritten' : null;
      return (...args: unknown[]) => {
        if (field) countObject(className, field);
        return Reflect.apply(value as (...a: unknown[]) => unknown, target, args);
      };
    },
  });
}
