import { describe, expect, it } from 'vitest';
import { call, loginUser } from './helpers';
import { connect } from './socket-helpers';

describe('presence', () => {
  it('tells a user who opened a chat when the peer comes online and goes offline', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const aSocket = await connect(a.token);
    const info = await call('/enterprise/im/getContactInfo', { id: b.userInfo.user_id }, { token: a.token });
    expect(info.body.data).toMatchObject({ id: b.userInfo.user_id, is_online: 0 });
    const bSocket = await connect(b.token);
    await aSocket.next((f) => f.type === 'isOnline' && f.data.id === b.userInfo.user_id && f.data.is_online === 1);
    const contacts = await call('/enterprise/im/getContacts', {}, { token: a.token });
    expect(contacts.body.data.find((c: any) => c.id === b.userInfo.user_id).is_online).toBe(1);
    bSocket.close();
    await aSocket.next((f) => f.type === 'isOnline' && f.data.id === b.userInfo.user_id && f.data.is_online === 0);
    aSocket.close();
  });

  it('refuses contact info for oneself and unknown users', async () => {
    const a = await loginUser();
    expect((await call('/enterprise/im/getContactInfo', { id: a.userInfo.user_id }, { token: a.token })).body.code).toBe(400);
    expect((await call('/enterprise/im/getContactInfo', { id: 987654 }, { token: a.token })).body.code).toBe(400);
    expect((await call('/enterprise/im/getContactInfo', { id: 'x y' }, { token: a.token })).body.code).toBe(400);
  });
});
