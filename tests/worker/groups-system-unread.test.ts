// System lines are not unread: "A added B" after unread messages leaves the count as it
// was, a member added back starts with nothing unread, and getContacts gives a group's last system
// line (lastSystem) so the list words it as the live frame does. The projection's setting is
// checked against the schema before it is answered.
import { describe, expect, it } from 'vitest';

import { DEFAULT_GROUP_SETTING } from '@protocol/groups';

import { settingOf } from '../../worker/services/group-contacts';
import { createGroup, groupCall, ok, uid, type User } from './group-helpers';
import { call, eventually, loginUser, textMessage } from './helpers';
import { connect } from './socket-helpers';

const send = (id: string, as: User, text: string) =>
  call('/enterprise/im/sendMessage', textMessage(id, text), { token: as.token });
const chatRow = async (id: string, as: User) =>
  (await call('/enterprise/im/getContacts', {}, { token: as.token })).body.data.find((c: any) => c.id === id);

describe('system lines and unread counts', () => {
  it('a system line after unread messages does not count: "A added D" leaves B at 2', async () => {
    const [a, b, c, d] = await Promise.all([loginUser(), loginUser(), loginUser(), loginUser()]);
    const id = await createGroup(a, [b, c]);
    const sb = await connect(b.token);
    await ok(send(id, a, 'one'));
    await ok(send(id, c, 'two'));
    await sb.next((f) => f.type === 'group' && f.data.content === 'two');
    await ok(groupCall('addGroupUser', { id, user_ids: [uid(d)] }, a));
    const line = await sb.next((f) => f.type === 'group' && f.data.extends?.system?.kind === 'added');
    expect(line.data.unread).toBe(2);
    await eventually(async () => expect((await chatRow(id, b)).unread).toBe(2));
    // The next real message counts on top of them, not of the line.
    await ok(send(id, a, 'three'));
    expect((await sb.next((f) => f.type === 'group' && f.data.content === 'three')).data.unread).toBe(3);
    await ok(call('/enterprise/im/setMsgIsRead', { toContactId: id, is_group: 1 }, { token: b.token }));
    await eventually(async () => expect((await chatRow(id, b)).unread).toBe(0));
    sb.close();
  });

  it('a member added back has nothing unread from while they were away', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const id = await createGroup(a, [b, c]);
    await ok(send(id, a, 'before'));
    await ok(groupCall('removeUser', { id, user_id: uid(b) }, a));
    for (const text of ['while away 1', 'while away 2', 'while away 3']) await ok(send(id, c, text));
    const sb = await connect(b.token);
    await ok(groupCall('addGroupUser', { id, user_ids: [uid(b)] }, a));
    await sb.next((f) => f.type === 'addGroup');
    await eventually(async () => expect((await chatRow(id, b)).unread).toBe(0));
    await ok(send(id, c, 'welcome back'));
    expect((await sb.next((f) => f.type === 'group' && f.data.content === 'welcome back')).data.unread).toBe(1);
    sb.close();
  });
});

describe("getContacts and a group's last system line", () => {
  it('answers what the line records, as the live frame carries it', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const id = await createGroup(a, [b]);
    await ok(groupCall('addGroupUser', { id, user_ids: [uid(c)] }, a));
    await eventually(async () => {
      const row = await chatRow(id, b);
      expect(row.type).toBe('event');
      expect(row.lastSystem).toMatchObject({ kind: 'added', actor: { id: uid(a) }, targets: [{ id: uid(c) }] });
    });
    await ok(send(id, a, 'plain text'));
    await eventually(async () => expect((await chatRow(id, b)).lastSystem).toBeNull());
  });
});

describe("the projection's setting", () => {
  it('keeps valid keys, and takes the default for values the schema refuses or text that is not JSON', () => {
    expect(settingOf('{"manage":1,"nospeak":2}')).toEqual({ ...DEFAULT_GROUP_SETTING, manage: 1, nospeak: 2 });
    expect(settingOf('{"manage":"1","invite":"0"}')).toEqual({ ...DEFAULT_GROUP_SETTING, manage: 1, invite: 0 });
    expect(settingOf('{"nospeak":7,"manage":"<b>"}')).toEqual(DEFAULT_GROUP_SETTING);
    expect(settingOf('[1,2]')).toEqual(DEFAULT_GROUP_SETTING);
    expect(settingOf('not json')).toEqual(DEFAULT_GROUP_SETTING);
    expect(settingOf('')).toEqual(DEFAULT_GROUP_SETTING);
  });
});
