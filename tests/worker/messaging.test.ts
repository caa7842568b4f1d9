import { describe, expect, it } from 'vitest';
import { call, loginUser } from './helpers';
import { connect } from './socket-helpers';

const text = (to: number, content: string, id = crypto.randomUUID()) => ({ id, type: 'text', content, toContactId: to, is_group: 0 });

describe('one-to-one messaging', () => {
  it('delivers a text message live to the receiver and echoes it to the sender', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const bSocket = await connect(b.token);
    await bSocket.next((f) => f.type === 'init');
    const sent = await call('/enterprise/im/sendMessage', text(b.userInfo.user_id, 'hello B'), { token: a.token });
    expect(sent.body.code).toBe(0);
    expect(sent.body.data).toMatchObject({ content: 'hello B', msg_id: 1, toContactId: b.userInfo.user_id, status: 'succeed' });
    expect(sent.body.data.fromUser.id).toBe(a.userInfo.user_id);
    const frame = await bSocket.next((f) => f.type === 'simple');
    expect(frame.data).toMatchObject({ content: 'hello B', toContactId: a.userInfo.user_id, toUser: b.userInfo.user_id, unread: 1 });
    expect(frame.seq).toBeGreaterThan(0);
    bSocket.close();
  });
});
