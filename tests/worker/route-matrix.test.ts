// The authorization matrix, generated from the Worker's own route table: every route is called
// without credentials, and every route that names a conversation, message or file by an outsider
// and by a member who joined the group after its messages were sent (history hidden). A route
// without a line in route-rules.ts fails here, so a new endpoint must declare its rule; a route
// that answers with messages must give late-joiner probes, so it cannot forget the history floor.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';

import { call, fetchWorker, loginUser } from './helpers';
import { makeOperatorFixture, settledOperators } from './operator-fixture';
import { ROUTE_BODIES, type SchemaNode } from './route-bodies';
import { concretePath, makeFixture, REGISTERED_ROUTES, settled, snapshot } from './route-fixture';
import { type Answer, type Fixture, type OnUser, type OperatorFixture, ROUTE_RULES } from './route-rules';

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
      // The refusal names why (protocol/sign-out.ts): here, no token at all.
      expect(JSON.parse(text)).toMatchObject({ code: -1, data: { reason: 'user.mustToken', tips: '' } });
    } else if (rule.access === 'ticket') {
      expect(res.status, text).toBe(401);
    } else {
      expect(res.status, text).not.toBe(401);
      expect(res.status, text).toBeLessThan(500);
    }
  });
});

describe("outsiders naming the members' conversation, message or file", () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await makeFixture();
  });

  const probes = Object.entries(ROUTE_RULES).flatMap(([key, rule]) =>
    'outsider' in rule ? rule.outsider.map((probe, n) => ({ key, probe, n })) : [],
  );

  it.each(probes)('$key (probe $n) is refused and changes nothing', async ({ key, probe }) => {
    const before = await settled(f);
    const answer = await probe(f, concretePath(pathOf(key)));
    const body = answer.body as { code?: number };
    expect([200, 403, 404], JSON.stringify(answer)).toContain(answer.status);
    expect(body.code, JSON.stringify(answer)).toBeGreaterThanOrEqual(400);
    expect(await snapshot(f)).toEqual(before);
  });
});

/** Whether an answer shows anything of the group's text or file sent before the late joiner came. */
function showsEarlier(f: Fixture, answer: Answer): boolean {
  const text = JSON.stringify(answer.body);
  const fileServed =
    answer.status === 200 && typeof answer.body === 'object' && answer.body !== null && 'file' in answer.body;
  return (
    fileServed || ['members only', 'plan.png', f.groupFile.url, f.groupText.id].some((mark) => text.includes(mark))
  );
}

const outline = (answer: Answer) => {
  const body = answer.body as { code?: number; msg?: string };
  return { status: answer.status, code: body.code, msg: body.msg };
};

describe('a member who joined after the messages were sent (history hidden)', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await makeFixture();
  });

  const probes = Object.entries(ROUTE_RULES).flatMap(([key, rule]) =>
    'late' in rule && rule.late ? rule.late.map((probe, n) => ({ key, probe, n })) : [],
  );
  const outsiderProbes = Object.entries(ROUTE_RULES).flatMap(([key, rule]) =>
    'outsider' in rule ? rule.outsider.map((probe, n) => ({ key, probe, n })) : [],
  );

  it.each(probes)('$key (late probe $n) answers an earlier message as a missing one', async ({ key, probe }) => {
    const path = concretePath(pathOf(key));
    const earlier = await probe(f, path, f.earlier);
    const missing = await probe(f, path, f.missing);
    expect(showsEarlier(f, earlier), JSON.stringify(earlier)).toBe(false);
    expect(outline(earlier)).toEqual(outline(missing));
  });

  // The outsider's requests again, as the late joiner: whatever a route answers a member, it shows
  // nothing from before they joined, whether or not the route declared late probes.
  it.each(outsiderProbes)(
    '$key (outsider probe $n, as the late joiner) shows nothing from before they joined',
    async ({ probe, key }) => {
      const answer = await probe({ ...f, outsider: f.late }, concretePath(pathOf(key)));
      expect(showsEarlier(f, answer), JSON.stringify(answer)).toBe(false);
    },
  );

  // Last, as they may change the fixture: the same requests by `b`, a member who saw everything.
  // A route whose answer then carries the group's messages reveals message content and must say
  // how it keeps them from a late joiner (`late` probes in route-rules.ts).
  it('every route that answers with messages declares late-joiner probes', async () => {
    const revealing = new Set<string>();
    for (const { key, probe } of outsiderProbes) {
      if (showsEarlier(f, await probe({ ...f, outsider: f.b }, concretePath(pathOf(key))))) revealing.add(key);
    }
    const undeclared = [...revealing].filter((key) => !(ROUTE_RULES[key] as { late?: unknown[] }).late?.length);
    expect(
      undeclared,
      'routes that answer with message content but have no late probes in tests/worker/route-rules.ts',
    ).toEqual([]);
    // The detection itself works: these answer a member with the group's messages.
    expect([...revealing]).toEqual(
      expect.arrayContaining([
        'POST /enterprise/im/getmessagelist',
        'POST /enterprise/im/forwardmessage',
        'GET /file/:id',
      ]),
    );
  });
});

describe('the operator console (/manage) and people who are not operators', () => {
  const routes = Object.entries(ROUTE_RULES).flatMap(([key, rule]) =>
    'operator' in rule ? [{ key, level: rule.operator }] : [],
  );
  let user: Awaited<ReturnType<typeof loginUser>>;
  let admin: Awaited<ReturnType<typeof loginUser>>;
  beforeAll(async () => {
    user = await loginUser();
    admin = await loginUser();
    await env.DB.prepare('UPDATE users SET role = 2 WHERE user_id = ?1').bind(admin.userInfo.user_id).run();
  });

  it('lists every /manage route', () => {
    expect(routes.map((r) => r.key).sort()).toEqual(REGISTERED_ROUTES.filter((k) => k.includes(' /manage/')).sort());
  });

  it.each(routes)(
    '$key refuses an ordinary user (and a super-admin route an admin), changing nothing',
    async ({ key, level }) => {
      const refusedTo = level === 'super' ? [user, admin] : [user];
      for (const who of refusedTo) {
        const before = await env.DB.prepare(
          'SELECT COUNT(*) AS n, SUM(role) AS r, SUM(status) AS s FROM users',
        ).first();
        const res = await call(
          concretePath(pathOf(key)),
          { user_id: admin.userInfo.user_id, role: 1, status: 0 },
          { token: who.token },
        );
        expect(res.body).toMatchObject({ code: 400, msg: 'You do not have permission to do this' });
        expect(
          await env.DB.prepare('SELECT COUNT(*) AS n, SUM(role) AS r, SUM(status) AS s FROM users').first(),
        ).toEqual(before);
      }
    },
  );
});

describe('a plain admin acting on an operator', () => {
  const routes = Object.entries(ROUTE_RULES).flatMap(([key, rule]) =>
    'operator' in rule ? [{ key, level: rule.operator, user: rule.user as OnUser }] : [],
  );
  let o: OperatorFixture;
  beforeAll(async () => {
    o = await makeOperatorFixture();
  });

  it('every /manage route whose body names a user says what it does to them', () => {
    const namesUser = (key: string) => {
      const entries = (ROUTE_BODIES[key] as unknown as SchemaNode | null)?.entries ?? {};
      return 'user_id' in entries || 'user_ids' in entries;
    };
    const silent = routes.filter((r) => r.user === null && namesUser(r.key)).map((r) => r.key);
    expect(silent, 'routes naming a user with `user: null` in tests/worker/route-rules.ts').toEqual([]);
  });

  const probes = routes.flatMap(({ key, level, user }) => (typeof user === 'function' ? [{ key, level, user }] : []));

  it.each(probes)(
    '$key refuses a plain admin acting on a super admin, changing nothing',
    async ({ key, level, user }) => {
      const before = await settledOperators(o);
      const { body } = await call(concretePath(pathOf(key)), user(o), { token: o.admin.token });
      const msg =
        level === 'super' ? 'You do not have permission to do this' : 'Only a super admin may do this to an operator';
      expect(body, JSON.stringify(user(o))).toMatchObject({ code: 400, msg });
      expect(await settledOperators(o)).toEqual(before);
    },
  );
});
