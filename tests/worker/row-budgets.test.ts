// The row budgets, counted by the development cost ledger (GET /dev/ledger) in each Durable
// Object class: a one-to-one message writes at most 4 rows, and a group message writes its rows in
// the group's hub only, at most 10 however many members it has. A change that writes a row per
// member (or per member's hub) again fails here.
import { describe, expect, it } from 'vitest';

import type { Ledger } from '../../worker/services/cost-ledger';
import { call, delivered, fetchWorker, loginUser, makeGroup, pairHub, textMessage } from './helpers';
import { connect } from './socket-helpers';

async function ledger(): Promise<Ledger> {
  const res = await fetchWorker('/dev/ledger');
  return ((await res.json()) as { data: Ledger }).data;
}

/** Rows written and requests per Durable Object class while `act` runs. */
async function measure(act: () => Promise<void>) {
  const before = await ledger();
  await act();
  const after = await ledger();
  const grew = (cls: string, field: 'rowsWritten' | 'requests') =>
    (after.objects[cls]?.[field] ?? 0) - (before.objects[cls]?.[field] ?? 0);
  return {
    conversationRows: grew('ConversationHub', 'rowsWritten'),
    userRows: grew('UserHub', 'rowsWritten'),
    userRequests: grew('UserHub', 'requests'),
  };
}

async function send(token: string, to: number | string, content: string) {
  const reply = await call('/enterprise/im/sendMessage', textMessage(to, content), { token });
  expect(reply.body.code).toBe(0);
}

describe('rows written per message', () => {
  it('one-to-one, both online: at most 4, none of them in the UserHubs', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const sockets = await Promise.all([connect(a.token), connect(b.token)]);
    const { stub } = pairHub(a.userInfo.user_id, b.userInfo.user_id);
    // The first message makes each side's chat row, once.
    await send(a.token, b.userInfo.user_id, 'first');
    await delivered(stub);
    const cost = await measure(async () => {
      await send(a.token, b.userInfo.user_id, 'priced');
      await sockets[1]!.next((f) => f.type === 'simple' && f.data.content === 'priced');
      await delivered(stub);
    });
    expect(cost.userRows).toBe(0);
    expect(cost.conversationRows + cost.userRows).toBeLessThanOrEqual(4);
    // Still delivered: the receiver's and the sender's hub each had one call.
    expect(cost.userRequests).toBe(2);
    for (const s of sockets) s.close();
  });

  it('a group of 49 with three members online: no row in any member hub, a call only to those with a socket', async () => {
    const users = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const others = Array.from({ length: 49 - users.length }, (_, i) => 700_000 + i * 7 + (Date.now() % 7));
    const { group, stub } = await makeGroup(users.map((u) => u.userInfo.user_id).concat(others));
    const sockets = await Promise.all(users.map((u) => connect(u.token)));
    // The first message finds who has no socket (conversation/fanout/parking.ts); they are not called again.
    await send(users[0]!.token, group, 'first');
    await delivered(stub);
    const cost = await measure(async () => {
      await send(users[0]!.token, group, 'priced');
      await Promise.all(sockets.map((s) => s.next((f) => f.type === 'group' && f.data.content === 'priced')));
      await delivered(stub);
    });
    expect(cost.userRequests).toBe(users.length);
    expect(cost.userRows).toBe(0);
    expect(cost.conversationRows).toBeLessThanOrEqual(10);
    for (const s of sockets) s.close();
  });

  it('a group of 500: at most 10, all in the group hub', async () => {
    const users = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const others = Array.from({ length: 500 - users.length }, (_, i) => 600_000 + i * 11 + (Date.now() % 11));
    const { group, stub } = await makeGroup(users.map((u) => u.userInfo.user_id).concat(others));
    const sockets = await Promise.all(users.map((u) => connect(u.token)));
    await send(users[0]!.token, group, 'first');
    // The first message asks all 500 members' hubs once (497 new objects): seconds on a busy
    // machine. This test counts rows and calls, not time, so its waits are generous.
    await delivered(stub, 60_000);
    const cost = await measure(async () => {
      await send(users[0]!.token, group, 'priced');
      await Promise.all(sockets.map((s) => s.next((f) => f.type === 'group' && f.data.content === 'priced')));
      await delivered(stub);
    });
    expect(cost.userRows).toBe(0);
    expect(cost.conversationRows).toBeLessThanOrEqual(10);
    // Only the members with a socket are called (the others answered "no socket" to the first message).
    expect(cost.userRequests).toBe(users.length);
    for (const s of sockets) s.close();
  }, 120_000);
});
