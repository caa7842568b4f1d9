import { describe, expect, it } from 'vitest';

import { call, loginUser, textMessage } from './helpers';
import { connect } from './socket-helpers';

describe('message order and de-duplication', () => {
  it('keeps a burst of 200 concurrent messages gap-free and in order for the receiver', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const socket = await connect(b.token);
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, `m${i}`), { token: a.token }),
      ),
    );
    expect(replies.every((r) => r.body.code === 0)).toBe(true);
    expect(replies.map((r) => r.body.data.msg_id).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    const frames = await socket.until((f) => f.filter((x) => x.type === 'simple').length >= 200, 20_000);
    const seqs = frames.filter((f) => f.type === 'simple').map((f) => f.data.msg_id);
    expect(seqs).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    const userSeqs = frames.filter((f) => f.type === 'simple').map((f) => f.seq);
    expect(userSeqs).toEqual([...userSeqs].sort((x, y) => x - y));
    const history = await call(
      '/enterprise/im/getMessageList',
      { toContactId: a.userInfo.user_id, limit: 100 },
      { token: b.token },
    );
    expect(history.body.data.map((m: any) => m.msg_id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 101));
    const older = await call(
      '/enterprise/im/getMessageList',
      { toContactId: a.userInfo.user_id, limit: 100, last_id: 101 },
      { token: b.token },
    );
    expect(older.body.data.map((m: any) => m.msg_id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    socket.close();
  });

  it('returns the stored message when the same id is sent again, without a duplicate', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const message = textMessage(b.userInfo.user_id, 'only once');
    const first = await call('/enterprise/im/sendMessage', message, { token: a.token });
    const again = await call('/enterprise/im/sendMessage', { ...message, content: 'changed' }, { token: a.token });
    expect(again.body.data).toMatchObject({ msg_id: first.body.data.msg_id, content: 'only once' });
    const history = await call(
      '/enterprise/im/getMessageList',
      { toContactId: a.userInfo.user_id },
      { token: b.token },
    );
    expect(history.body.data).toHaveLength(1);
  });

  it('refuses another sender reusing a message id in the same chat', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const message = textMessage(b.userInfo.user_id, 'mine');
    await call('/enterprise/im/sendMessage', message, { token: a.token });
    const stolen = await call(
      '/enterprise/im/sendMessage',
      { ...message, toContactId: a.userInfo.user_id },
      { token: b.token },
    );
    expect(stolen.body.code).toBe(400);
  });
});
