// Turns a form-encoded body into the nested bag PHP clients produce: `a[]=1&a[]=2`,
// `m[0][id]=x`, `s[manage]=1`. Pure, so it is unit-tested directly.
type Bag = Record<string, unknown>;

const MAX_DEPTH = 5;

export function parseFormParams(body: URLSearchParams): Bag {
  const out: Bag = {};
  for (const [rawKey, value] of body) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) continue;
    const path = [match[1]!, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    if (path.length > MAX_DEPTH + 1 || path.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype'))
      continue;
    assign(out, path, value);
  }
  return listify(out) as Bag;
}

function assign(target: Bag, path: string[], value: string) {
  let node: Bag = target;
  path.forEach((key, i) => {
    const last = i === path.length - 1;
    const slot = key === '' ? String(Object.keys(node).length) : key;
    if (last) {
      node[slot] = value;
      return;
    }
    if (typeof node[slot] !== 'object' || node[slot] === null) node[slot] = {};
    node = node[slot] as Bag;
  });
}

/** Objects whose keys are exactly 0..n-1 become arrays, recursively. */
function listify(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Bag).map(([k, v]) => [k, listify(v)] as const);
  const isList = entries.length > 0 && entries.every(([k], i) => k === String(i));
  return isList ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}
