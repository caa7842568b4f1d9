import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { call, loginUser, textMessage } from './helpers';

describe('outbox recovery', () => {
  it('delivers what was left in the outbox when the alarm fires after an eviction', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const ids = [a.userInfo.user_id, b.userInfo.user_id].sort((x, y) => x - y);
    const conversation = `${ids[0]}-${ids[1]}`;
    const sent = await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'first'), { token: a.token });
    const stub = env.CONVERSATION_HUB.get(env.CONVERSATION_HUB.idFromName(`conversation:${conversation}`));
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
});
