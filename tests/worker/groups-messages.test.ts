// Messages in groups: whole-group mute modes and per-member mute (with expiry), recall rights,
// history from the join time, @mentions, system lines, and a removed member shut out.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { conversationHub } from '../../worker/durable/stubs';
import { type Cast, castGroup, createGroup, groupCall, makeCast, ok, uid, type User } from './group-helpers';
import { call, eventually, loginUser, pngBytes, resetConfig, setConfig, textMessage, uploadFile } from './helpers';

let cast: Cast;
beforeAll(async () => {
  cast = await makeCast();
});
afterEach(resetConfig);

const send = (id: string, as: User, text = 'hello', extra: Record<string, unknown> = {}) =>
  call('/enterprise/im/sendMessage', { ...textMessage(id, text), ...extra }, { token: as.token });
const history = (id: string, as: User) =>
  call('/enterprise/im/getMessageList', { toContactId: id, limit: 100 }, { token: as.token });

describe('who may speak', () => {
  it('nospeak 1: only the owner and admins speak; the others get the hard refusal 401', async () => {
    const id = await castGroup(cast);
    await ok(groupCall('groupSetting', { id, setting: { nospeak: '1' } }, cast.owner));
    expect((await send(id, cast.member)).body).toMatchObject({
      code: 401,
      msg: 'This group is muted; you cannot send messages',
    });
    expect((await send(id, cast.admin)).body.code).toBe(0);
    expect((await send(id, cast.owner)).body.code).toBe(0);
  });

  it("refuses a muted member's upload before storing it", async () => {
    const id = await castGroup(cast);
    const upload = await uploadFile(cast.muted.token, id, 'muted.png', pngBytes(4, 4));
    expect(upload.body).toMatchObject({ code: 400, msg: 'You are muted in this group' });
    const files = await env.DB.prepare('SELECT COUNT(*) AS n FROM files WHERE user_id = ?1')
      .bind(uid(cast.muted))
      .first('n');
    expect(files).toBe(0);
  });

  it('nospeak 2: only the owner speaks', async () => {
    const id = await castGroup(cast);
    await ok(groupCall('groupSetting', { id, setting: { nospeak: 2 } }, cast.owner));
    expect((await send(id, cast.admin)).body.code).toBe(401);
    expect((await send(id, cast.member)).body.code).toBe(401);
    expect((await send(id, cast.owner)).body.code).toBe(0);
  });

  it('a muted member is refused until the mute expires or is cancelled', async () => {
    const id = await castGroup(cast);
    expect((await send(id, cast.muted)).body).toMatchObject({ code: 400, msg: 'You are muted in this group' });
    const list = await groupCall('groupUserList', { group_id: id }, cast.member);
    const until = list.body.data.find((m: any) => m.user_id === uid(cast.muted)).no_speak_time;
    expect(until - Date.now() / 1000).toBeGreaterThan(86400 - 60);
    // The day passes: the mute's time is moved into the past.
    await runInDurableObject(conversationHub(env, id) as unknown as DurableObjectStub, (_hub, state) =>
      state.storage.sql.exec(
        'UPDATE group_roles SET no_speak_time = ? WHERE user_id = ?',
        Math.floor(Date.now() / 1000) - 1,
        uid(cast.muted),
      ),
    );
    expect((await send(id, cast.muted)).body.code).toBe(0);
    await ok(groupCall('setNoSpeak', { id, user_id: uid(cast.member), noSpeakTimer: 1 }, cast.admin));
    expect((await send(id, cast.member)).body.code).toBe(400);
    // Timer 0 with 0 days ends the mute (the reference's "days × 86400").
    await ok(groupCall('banned', { id, user_id: uid(cast.member), noSpeakTimer: 0, noSpeakDay: 0 }, cast.admin));
    expect((await send(id, cast.member)).body.code).toBe(0);
  });

  it('a removed member can neither send nor read what is said after', async () => {
    const id = await castGroup(cast);
    await ok(send(id, cast.member, 'after they left'));
    expect((await send(id, cast.removed)).body.code).toBe(403);
    const kept = await history(id, cast.removed);
    expect(kept.body.code).toBe(0);
    expect((kept.body.data as any[]).map((m) => m.content)).not.toContain('after they left');
  });
});

describe('recall in a group', () => {
  it("the sender within the window; owner and admins anyone's at any time, named in the notice", async () => {
    const id = await castGroup(cast);
    const mine = await send(id, cast.member, 'oops');
    const other = await send(id, cast.target, 'not yours');
    expect(
      (
        await call(
          '/enterprise/im/undoMessage',
          { id: other.body.data.id, toContactId: id },
          { token: cast.member.token },
        )
      ).body.code,
    ).toBe(400);
    expect(
      (
        await call(
          '/enterprise/im/undoMessage',
          { id: mine.body.data.id, toContactId: id },
          { token: cast.member.token },
        )
      ).body.code,
    ).toBe(0);
    await setConfig('chatInfo', { redoTime: '0' }); // senders may no longer recall
    const late = await send(id, cast.member, 'too late to take back');
    expect(
      (
        await call(
          '/enterprise/im/undoMessage',
          { id: late.body.data.id, toContactId: id },
          { token: cast.member.token },
        )
      ).body.code,
    ).toBe(400);
    const byAdmin = await call(
      '/enterprise/im/undoMessage',
      { id: late.body.data.id, toContactId: id },
      { token: cast.admin.token },
    );
    expect(byAdmin.body.code).toBe(0);
    expect(byAdmin.body.data).toMatchObject({ is_undo: 1, extends: { undo_by: { id: uid(cast.admin) } } });
    const byOwner = await call(
      '/enterprise/im/undoMessage',
      { id: other.body.data.id, toContactId: id },
      { token: cast.owner.token },
    );
    expect(byOwner.body.code).toBe(0);
  });
});

describe('history and system lines', () => {
  it('a newcomer reads from their join time, or everything when setting.history is on', async () => {
    const id = await createGroup(cast.owner, [cast.member]);
    await ok(send(id, cast.owner, 'before you came'));
    await ok(groupCall('addGroupUser', { id, user_ids: [uid(cast.invitee)] }, cast.owner));
    await ok(send(id, cast.owner, 'welcome'));
    const seen = (await history(id, cast.invitee)).body.data
      .filter((m: any) => m.type === 'text')
      .map((m: any) => m.content);
    expect(seen).toEqual(['welcome']);
    await ok(groupCall('groupSetting', { id, setting: { history: 1 } }, cast.owner));
    const all = (await history(id, cast.invitee)).body.data
      .filter((m: any) => m.type === 'text')
      .map((m: any) => m.content);
    expect(all).toEqual(['before you came', 'welcome']);
  });

  it('stores each change as an event line with who did what to whom, and no text', async () => {
    const id = await castGroup(cast);
    await ok(groupCall('editGroupName', { id, displayName: 'Renamed' }, cast.member));
    const lines = (await history(id, cast.owner)).body.data
      .filter((m: any) => m.type === 'event')
      .map((m: any) => ({ content: m.content, ...m.extends.system }));
    expect(lines.map((l: any) => l.kind)).toEqual(['created', 'admin', 'muted', 'removed', 'renamed']);
    expect(lines.every((l: any) => l.content === '')).toBe(true);
    expect(lines[1]).toMatchObject({ actor: { id: uid(cast.owner) }, targets: [{ id: uid(cast.admin) }] });
    expect(lines[4]).toMatchObject({ actor: { id: uid(cast.member) }, name: 'Renamed' });
  });

  it('posts the announcement as a text message mentioning everyone', async () => {
    const id = await castGroup(cast);
    await ok(groupCall('setNotice', { id, notice: 'Meeting at 9' }, cast.admin));
    const last = (await history(id, cast.member)).body.data.at(-1);
    expect(last).toMatchObject({
      type: 'text',
      content: 'Meeting at 9',
      from_user: uid(cast.admin),
      extends: { at: [0], notice: 1 },
    });
    expect((await groupCall('groupInfo', { group_id: id }, cast.member)).body.data.notice).toBe('Meeting at 9');
  });
});

describe('@mentions', () => {
  it("keeps members' ids and lets only managers mention everyone", async () => {
    const id = await castGroup(cast);
    const byMember = await send(id, cast.member, '@all?', { at: [0, uid(cast.target), uid(cast.outsider)] });
    expect(byMember.body.data.extends).toEqual({ at: [uid(cast.target)] });
    const byAdmin = await send(id, cast.admin, '@all', { at: ['isALL'] });
    expect(byAdmin.body.data.extends).toEqual({ at: [0] });
  });

  it('marks the chat "[@ me]" (is_at 1) for whom a message mentions, until they read it', async () => {
    const id = await castGroup(cast);
    const row = async (as: User) =>
      (await call('/enterprise/im/getContacts', {}, { token: as.token })).body.data.find((c: any) => c.id === id);
    const isAt = async (as: User) => (await row(as))?.is_at;
    const mention = await send(id, cast.member, 'hi @target', { at: [uid(cast.target)] });
    await eventually(async () => expect(await isAt(cast.target)).toBe(1));
    // The chat opens at that message.
    expect((await row(cast.target)).at_msg_id).toBe(mention.body.data.msg_id);
    // Nobody else was mentioned, and a plain message after it keeps the mark.
    expect(await isAt(cast.admin)).toBe(0);
    expect(await isAt(cast.member)).toBe(0);
    await ok(send(id, cast.admin, 'plain'));
    await eventually(async () => expect((await history(id, cast.target)).body.data.at(-1).content).toBe('plain'));
    expect(await isAt(cast.target)).toBe(1);
    await ok(call('/enterprise/im/setMsgIsRead', { toContactId: id }, { token: cast.target.token }));
    await eventually(async () => expect(await isAt(cast.target)).toBe(0));
    // Everyone (0), from a manager: every member but the sender.
    await ok(send(id, cast.admin, 'all of you', { at: [0] }));
    await eventually(async () => expect(await isAt(cast.member)).toBe(1));
    expect(await isAt(cast.admin)).toBe(0);
  });
});

describe('the chat list', () => {
  it('lists the announcement as the announcement (a notice record, not "[@ me]"), and names the last sender as I name them', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const id = await createGroup(a, [b]);
    const row = async (as: User) =>
      (await call('/enterprise/im/getContacts', {}, { token: as.token })).body.data.find((c: any) => c.id === id);
    await ok(groupCall('setNotice', { id, notice: 'Meeting at 9' }, a));
    await eventually(async () =>
      expect(await row(b)).toMatchObject({
        lastContent: 'Meeting at 9',
        type: 'text',
        is_at: 0,
        unread: 1,
        lastSystem: { kind: 'notice', actor: { id: uid(a) } },
      }),
    );
    expect((await row(b)).lastFromName).toBe(a.userInfo.realname);
    await ok(send(id, b, 'ok'));
    await eventually(async () =>
      expect(await row(a)).toMatchObject({
        lastContent: 'ok',
        lastFrom: uid(b),
        lastFromName: b.userInfo.realname,
        lastSystem: null,
      }),
    );
  });

  it('lists my groups with my role, the settings and the member count; one I was removed from stays, marked gone', async () => {
    const id = await castGroup(cast);
    const row = async (as: User) =>
      (await call('/enterprise/im/getContacts', {}, { token: as.token })).body.data.find((c: any) => c.id === id);
    await eventually(async () =>
      expect(await row(cast.admin)).toMatchObject({
        is_group: 1,
        role: 2,
        groupUserCount: 5,
        setting: { nospeak: 0, invite: 1 },
        displayName: 'Team',
      }),
    );
    expect(await row(cast.removed)).toMatchObject({ gone: 'removed', groupUserCount: 0, role: 0, unread: 0 });
    expect(await row(cast.outsider)).toBeUndefined();
  });

  it("keeps the picture of a group I am out of: the same collage as its members' row", async () => {
    const id = await castGroup(cast);
    const row = async (as: User) =>
      (await call('/enterprise/im/getContacts', {}, { token: as.token })).body.data.find((c: any) => c.id === id);
    await eventually(async () => expect((await row(cast.removed))?.gone).toBe('removed'));
    const members = await row(cast.admin);
    expect(members.collage.length).toBeGreaterThan(1);
    expect((await row(cast.removed)).collage).toEqual(members.collage);
  });

  it('gives a group\'s row an empty account (its chat key is nobody\'s account, and searching "group" or "1" by account must not find every group)', async () => {
    const id = await castGroup(cast);
    const row = async (as: User) =>
      (await call('/enterprise/im/getContacts', {}, { token: as.token })).body.data.find((c: any) => c.id === id);
    await eventually(async () => expect(await row(cast.member)).toMatchObject({ id, is_group: 1, account: '' }));
  });
});

describe('the send mode in the chat', () => {
  it('leaves a line naming who changed who may send, and none for a setting that keeps it', async () => {
    const id = await castGroup(cast);
    const lines = async () =>
      ((await history(id, cast.member)).body.data as any[]).flatMap((m) =>
        m.extends?.system?.kind === 'sendMode' ? [m.extends.system] : [],
      );
    await ok(groupCall('groupSetting', { id, setting: { nospeak: 1 } }, cast.owner));
    await ok(groupCall('groupSetting', { id, setting: { nospeak: 1, history: 1 } }, cast.owner));
    await ok(groupCall('groupSetting', { id, setting: { nospeak: 0 } }, cast.owner));
    const actor = { id: uid(cast.owner), name: cast.owner.userInfo.realname };
    expect(await lines()).toEqual([
      { kind: 'sendMode', actor, targets: [], mode: 1 },
      { kind: 'sendMode', actor, targets: [], mode: 0 },
    ]);
  });
});
