import { describe, expect, it } from 'vitest';

import { call, loginUser } from './helpers';
import { connect } from './socket-helpers';

const text = (to: number, content: string, id = crypto.randomUUID()) => ({
  id,
  type: 'text',
  content,
  toContactId: to,
  is_group: 0,
});

describe('one-to-one messaging', () => {
  it('delivers a text message live to the receiver and echoes it to the sender', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const bSocket = await connect(b.token);
    const init = await bSocket.next((f) => f.type === 'init');
    const sent = await call('/enterprise/im/sendMessage', text(b.userInfo.user_id, 'hello B'), { token: a.token });
    expect(sent.body.code).toBe(0);
    expect(sent.body.data).toMatchObject({
      content: 'hello B',
      msg_id: 1,
      toContactId: b.userInfo.user_id,
      status: 'succeed',
    });
    expect(sent.body.data.fromUser.id).toBe(a.userInfo.user_id);
    const frame = await bSocket.next((f) => f.type === 'simple');
    expect(frame.data).toMatchObject({
      content: 'hello B',
      toContactId: a.userInfo.user_id,
      toUser: b.userInfo.user_id,
      unread: 1,
    });
    // A message is pushed, not logged: it carries the log's newest seq, unchanged.
    expect(frame.seq).toBe(init.seq);
    bSocket.close();
  });

  it("reaches the receiver before the sender's own copy, which follows to the sender's other devices", async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const aOther = await connect(a.token, 'a-second-device');
    const bSocket = await connect(b.token);
    await Promise.all([aOther.next((f) => f.type === 'init'), bSocket.next((f) => f.type === 'init')]);
    // Arrival order across both sockets, recorded as each frame comes in.
    const order: string[] = [];
    const record = (who: string) => (e: MessageEvent) => {
      const frame = JSON.parse(String(e.data));
      if (frame.type === 'simple') order.push(`${who}:${frame.data.content}`);
    };
    bSocket.ws.addEventListener('message', record('b'));
    aOther.ws.addEventListener('message', record('a'));
    for (let i = 1; i <= 5; i++) {
      await call('/enterprise/im/sendMessage', text(b.userInfo.user_id, `n${i}`), { token: a.token });
      const [toB, toA] = await Promise.all([
        bSocket.next((f) => f.type === 'simple' && f.data.content === `n${i}`),
        aOther.next((f) => f.type === 'simple' && f.data.content === `n${i}`),
      ]);
      expect(toB.data.unread).toBe(i);
      expect(toA.data.unread).toBe(0);
    }
    expect(order).toEqual([1, 2, 3, 4, 5].flatMap((i) => [`b:n${i}`, `a:n${i}`]));
    aOther.close();
    bSocket.close();
  });
});
