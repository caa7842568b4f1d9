// Messages per day for the console's overview (issue 25 item 3): each conversation's hub counts its
// new messages (not recalls, not a group's system lines) and adds them to D1's message_days from its
// alarm; manage/index/index answers the last 30 UTC days, zero-filled. D1 refusing the counts loses
// none: they wait in the hub for a later alarm.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { conversationHub } from '../../worker/durable/stubs';
import { createGroup, groupCall, ok, uid, type User } from './group-helpers';
import { call, loginUser, pairHub, textMessage } from './helpers';

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function operator(): Promise<User> {
  const me = await loginUser();
  await env.DB.prepare('UPDATE users SET role = 2 WHERE user_id = ?1').bind(uid(me)).run();
  return me;
}

type Overview = { messages: number; days: { day: string; messages: number }[] };
async function overview(me: User): Promise<Overview> {
  const reply = await call('/manage/index/index', {}, { token: me.token });
  expect(reply.body.code).toBe(0);
  return reply.body.data as Overview;
}
const today = (o: Overview) => o.days.find((d) => d.day === dayOf(Date.now()))?.messages ?? 0;

const send = async (from: User, to: number | string, content: string) =>
  ok(call('/enterprise/im/sendMessage', textMessage(to, content), { token: from.token }));

/** What a hub still holds for D1, by day. */
const pending = (stub: DurableObjectStub) =>
  runInDurableObject(stub, (_hub, state) =>
    state.storage.sql
      .exec('SELECT day, messages FROM days_pending ORDER BY day')
      .toArray()
      .map((r) => [String(r.day), Number(r.messages)]),
  );

describe('messages per day', () => {
  it("adds a one-to-one chat's and a group's new messages to today once their hubs' alarms ran, in 30 zero-filled days", async () => {
    const me = await operator();
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const before = await overview(me);
    expect(before.days).toHaveLength(30);
    expect(before.days.map((d) => d.day)).toEqual(
      Array.from({ length: 30 }, (_, i) => dayOf(Date.now() - (29 - i) * DAY)),
    );

    const pair = pairHub(uid(a), uid(b));
    await send(a, uid(b), 'one');
    const recalled = await send(b, uid(a), 'two');
    // A recall changes a message; it is not a new one.
    await ok(
      call('/enterprise/im/undoMessage', { id: (recalled as any).data.id, toContactId: uid(a) }, { token: b.token }),
    );
    // The group's system lines (created, added) are no one's message.
    const group = await createGroup(a, [b, c]);
    await send(c, group, 'three');
    await ok(groupCall('setNotice', { id: group, notice: 'Read me' }, a));
    const groupStub = conversationHub(env, group) as unknown as DurableObjectStub;

    // Sending never writes D1: the counts wait in the hubs until their alarms.
    expect(today(await overview(me))).toBe(today(before));
    expect(await pending(pair.stub)).toEqual([[dayOf(Date.now()), 2]]);
    expect(await runDurableObjectAlarm(pair.stub)).toBe(true);
    expect(await runDurableObjectAlarm(groupStub)).toBe(true);
    expect(await pending(pair.stub)).toEqual([]);
    expect(await pending(groupStub)).toEqual([]);

    const after = await overview(me);
    expect(today(after)).toBe(today(before) + 4);
    expect(after.messages).toBe(before.messages + 4);
    expect(after.days).toHaveLength(30);
    expect(after.days.at(-1)).toEqual({ day: dayOf(Date.now()), messages: today(after) });
    expect(after.days[0]).toEqual({ day: dayOf(Date.now() - 29 * DAY), messages: 0 });
  });

  it('keeps the counts in the hub while D1 refuses them and adds them at a later alarm', async () => {
    const me = await operator();
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const before = today(await overview(me));
    const { stub } = pairHub(uid(a), uid(b));
    await send(a, uid(b), 'hello');
    await env.DB.prepare('ALTER TABLE message_days RENAME TO message_days_away').run();
    try {
      expect(await runDurableObjectAlarm(stub)).toBe(true);
      expect(await pending(stub)).toEqual([[dayOf(Date.now()), 1]]);
    } finally {
      await env.DB.prepare('ALTER TABLE message_days_away RENAME TO message_days').run();
    }
    // The failed alarm asked for another, which adds them.
    expect(await runInDurableObject(stub, (_hub, state) => state.storage.getAlarm())).not.toBeNull();
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await pending(stub)).toEqual([]);
    expect(today(await overview(me))).toBe(before + 1);
  });
});
