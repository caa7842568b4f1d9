// The authorization matrix, generated from the Worker's own route table: every route is called
// without credentials, and every route that names a conversation, message or file by an outsider.
// A route without a line in route-rules.ts fails here, so a new endpoint must declare its rule.
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchWorker } from './helpers';
import { concretePath, makeFixture, REGISTERED_ROUTES, settled, snapshot } from './route-fixture';
import { ROUTE_RULES, type Fixture } from './route-rules';

const methodOf = (key: string) => key.split(' ')[0]!;
const pathOf = (key: string) => key.slice(key.indexOf(' ') + 1);

function anonymousRequest(key: string): Promise<Response> {
  const method = methodOf(key) === 'ALL' ? 'GET' : methodOf(key);
  const headers: Record<string, string> = { 'accept-language': 'en' };
  if (ROUTE_RULES[key]?.access === 'ticket') headers.upgrade = 'websocket';
  if (method === 'POST') headers['content-type'] = 'application/json';
  return fetchWorker(concretePath(pathOf(key)), { method, headers, body: method === 'POST' ? '{}' : undefined });
}

describe('the route table', () => {
  it('has a rule for every registered route, and no rule for a route that does not exist', () => {
    const missing = REGISTERED_ROUTES.filter((key) => !(key in ROUTE_RULES));
    const stale = Object.keys(ROUTE_RULES).filter((key) => !REGISTERED_ROUTES.includes(key));
    expect(missing, 'routes without a line in tests/worker/route-rules.ts').toEqual([]);
    expect(stale, 'lines in tests/worker/route-rules.ts naming no route').toEqual([]);
    expect(REGISTERED_ROUTES.length).toBeGreaterThan(20);
  });
});

describe('anonymous callers', () => {
  it.each(REGISTERED_ROUTES)('%s', async (key) => {
    const rule = ROUTE_RULES[key];
    if (!rule) throw new Error(`${key} has no rule in tests/worker/route-rules.ts`);
    const res = await anonymousRequest(key);
    const text = await res.text();
    if (rule.access === 'token') {
      expect(res.status, text).toBe(401);
      expect(JSON.parse(text)).toMatchObject({ code: -1, data: null });
    } else if (rule.access === 'ticket') {
      expect(res.status, text).toBe(401);
    } else {
      expect(res.status, text).not.toBe(401);
      expect(res.status, text).toBeLessThan(500);
    }
  });
});

describe('outsiders naming the members\' conversation, message or file', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await makeFixture();
  });

  const probes = Object.entries(ROUTE_RULES).flatMap(([key, rule]) => ('outsider' in rule ? rule.outsider.map((probe, n) => ({ key, probe, n })) : []));

  it.each(probes)('$key (probe $n) is refused and changes nothing', async ({ key, probe }) => {
    const before = await settled(f);
    const answer = await probe(f, concretePath(pathOf(key)));
    const body = answer.body as { code?: number };
    expect([200, 403, 404], JSON.stringify(answer)).toContain(answer.status);
    expect(body.code, JSON.stringify(answer)).toBeGreaterThanOrEqual(400);
    expect(await snapshot(f)).toEqual(before);
  });
});
