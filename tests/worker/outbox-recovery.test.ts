import { describe, expect, it } from 'vitest';
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { call, eventually, loginUser, pairHub, textMessage, userHubStub } from './helpers';

describe('outbox recovery', () => {
  it('delivers what was left in the outbox when the alarm fires after an eviction', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const { conversation, stub } = pairHub(a.userInfo.user_id, b.userInfo.user_id);
    const sent = await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'first'), { token: a.token });
    // Simulate a crash between storing a message and delivering it: put an event back in the
    // outbox by hand, as if the hub had died before its members acknowledged it.
    await runInDurableObject(stub, (_hub, state) => {
      const message = { ...sent.body.data, id: 'lost-in-flight-1', seq: 99, msg_id: 99, content: 'recovered', conversation };
      const event = { kind: 'message', key: `m:${conversation}:99`, conversation, message };
      state.storage.sql.exec('INSERT INTO outbox (user_id, event) VALUES (?, ?)', b.userInfo.user_id, JSON.stringify(event));
    });
    await evictDurableObject(stub);
    await runInDurableObject(stub, (_hub, state) => state.storage.setAlarm(Date.now() + 60_000));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const contacts = await call('/enterprise/im/getContacts', {}, { token: b.token });
    expect(contacts.body.data.find((c: any) => c.id === a.userInfo.user_id)).toMatchObject({ lastContent: 'recovered' });
    const left = await runInDurableObject(stub, (_hub, state) => state.storage.sql.exec('SELECT COUNT(*) AS n FROM outbox').one().n);
    expect(left).toBe(0);
  });

  it('deletes delivered rows with the next write, and a redelivery after an eviction is ignored by the member', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const { conversation, stub } = pairHub(a.userInfo.user_id, b.userInfo.user_id);
    const outbox = () => runInDurableObject(stub, (_hub, state) =>
      state.storage.sql.exec('SELECT event FROM outbox').toArray().map((r) => JSON.parse(String(r.event)).key as string));
    const lastContent = async () =>
      (await call('/enterprise/im/getContacts', {}, { token: b.token })).body.data.find((c: any) => c.id === a.userInfo.user_id)?.lastContent;
    const delivered = (text: string) => eventually(async () => expect(await lastContent()).toBe(text));

    await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'one'), { token: a.token });
    await delivered('one');
    // Delivered, so the rows are acknowledged; they may wait for the next write to leave the table.
    expect((await outbox()).every((key) => key === `m:${conversation}:1`)).toBe(true);

    await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'two'), { token: a.token });
    await delivered('two');
    expect(await outbox()).not.toContain(`m:${conversation}:1`);
    expect(await outbox()).toContain(`m:${conversation}:2`); // acknowledged, not yet deleted
    // ...and an alarm is due to delete them if the conversation writes nothing more.
    expect(await runInDurableObject(stub, (_hub, state) => state.storage.getAlarm())).not.toBeNull();

    // An eviction forgets which rows were acknowledged: that alarm delivers them again, the
    // member's hub recognises their keys, and the table ends empty.
    await evictDurableObject(stub);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await outbox()).toEqual([]);
    const hubB = userHubStub(b.userInfo.user_id);
    const copies = await runInDurableObject(hubB, (_hub, state) =>
      Number(state.storage.sql.exec("SELECT COUNT(*) AS n FROM events WHERE type = 'simple' AND data LIKE '%\"content\":\"two\"%'").one().n));
    expect(copies).toBe(1);
  });
});
