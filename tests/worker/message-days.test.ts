// Messages per day for the console's overview: each conversation's hub counts its
// messages (not recalls, not a group's system lines) by the UTC day they were sent and adds them to
// D1's message_days from its alarm; manage/index/index answers the last 30 UTC days, zero-filled.
// D1 refusing the counts loses none: a later alarm counts them.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { DAYS_BATCH } from '../../worker/durable/conversation/message-days';
import { conversationHub } from '../../worker/durable/stubs';
import { createGroup, groupCall, ok, uid, type User } from './group-helpers';
import { call, loginUser, operator, pairHub, textMessage } from './helpers';

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Overview = { messages: number; days: { day: string; messages: number }[] };
async function overview(me: User): Promise<Overview> {
  const reply = await call('/manage/index/index', {}, { token: me.token });
  expect(reply.body.code).toBe(0);
  return reply.body.data as Overview;
}
const today = (o: Overview) => o.days.find((d) => d.day === dayOf(Date.now()))?.messages ?? 0;

const send = async (from: User, to: number | string, content: string) =>
  ok(call('/enterprise/im/sendMessage', textMessage(to, content), { token: from.token }));

/** The count of `day` in an overview, 0 without one. */
const on = (o: Overview, day: string) => o.days.find((d) => d.day === day)?.messages ?? 0;

describe('messages per day', () => {
  it("adds a one-to-one chat's and a group's messages to the days they were sent once their hubs' alarms ran, in 30 zero-filled days", async () => {
    const me = await operator(2);
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

    // Sending never writes D1: the hubs count at their alarms.
    expect(today(await overview(me))).toBe(today(before));
    // A message counts on the UTC day it was sent: the pair's first one, as if sent three days ago.
    const threeDaysAgo = dayOf(Date.now() - 3 * DAY);
    await runInDurableObject(pair.stub, (_hub, state) => {
      state.storage.sql.exec('UPDATE messages SET send_time = ? WHERE seq = 1', Date.now() - 3 * DAY);
    });
    expect(await runDurableObjectAlarm(pair.stub)).toBe(true);
    expect(await runDurableObjectAlarm(groupStub)).toBe(true);

    const after = await overview(me);
    expect(today(after)).toBe(today(before) + 3);
    expect(on(after, threeDaysAgo)).toBe(on(before, threeDaysAgo) + 1);
    expect(after.messages).toBe(before.messages + 4);
    expect(after.days).toHaveLength(30);
    expect(after.days.at(-1)).toEqual({ day: dayOf(Date.now()), messages: today(after) });
    expect(after.days[0]).toEqual({ day: dayOf(Date.now() - 29 * DAY), messages: 0 });
  });

  it('counts the messages D1 refused at a later alarm, once', async () => {
    const me = await operator(2);
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const before = today(await overview(me));
    const { stub } = pairHub(uid(a), uid(b));
    await send(a, uid(b), 'hello');
    await env.DB.prepare('ALTER TABLE message_days RENAME TO message_days_away').run();
    try {
      expect(await runDurableObjectAlarm(stub)).toBe(true);
    } finally {
      await env.DB.prepare('ALTER TABLE message_days_away RENAME TO message_days').run();
    }
    expect(today(await overview(me))).toBe(before);
    // The failed alarm asked for another, which counts the message once.
    expect(await runInDurableObject(stub, (_hub, state) => state.storage.getAlarm())).not.toBeNull();
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(today(await overview(me))).toBe(before + 1);
    // Nothing new: a later alarm adds nothing.
    await runInDurableObject(stub, (_hub, state) => state.storage.setAlarm(Date.now() + 60_000));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(today(await overview(me))).toBe(before + 1);
  });

  it('counts a long history a batch at a time, coming back soon for the rest', async () => {
    const me = await operator(2);
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const before = today(await overview(me));
    const { stub } = pairHub(uid(a), uid(b));
    await send(a, uid(b), 'first');
    // A hub that already held a long history when the counter came: DAYS_BATCH more messages.
    await runInDurableObject(stub, (_hub, state) => {
      for (let i = 0; i < DAYS_BATCH; i++)
        state.storage.sql.exec(
          "INSERT INTO messages (id, from_user, type, content, send_time, from_card) VALUES (?, ?, 'text', 'old', ?, '{}')",
          `old-${i}`,
          uid(a),
          Date.now(),
        );
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(today(await overview(me))).toBe(before + DAYS_BATCH);
    const next = await runInDurableObject(stub, (_hub, state) => state.storage.getAlarm());
    expect(next).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(today(await overview(me))).toBe(before + DAYS_BATCH + 1);
  });
});
