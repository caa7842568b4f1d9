// A group's own changes (conversation/group/ops.ts dispatches): its join QR, name, announcement, settings, a
// member's mute, my nickname there, and dissolving it. Each checks the caller's rights
// (protocol/group-rules.ts) and writes its change, its system line and its frames in one commit.
import { isManager, isOwner, mayEditNotice, mayMute, mayRename } from '../../../protocol/group-rules';
import { DEFAULT_GROUP_SETTING, type GroupSetting } from '../../../protocol/groups';
import { enqueueMessage, named, type OpHandler, removeMembers } from './parts';

const qr: OpHandler<'qr'> = ({ groups, group, me, write }) => {
  if (!isManager(me)) return { ok: false, key: 'system.notAuth' };
  write(() => groups.saveGroup({ ...group, qr_version: (group.qr_version ?? 0) + 1 }), null);
};

const rename: OpHandler<'rename'> = ({
  store,
  groups,
  change,
  conversation,
  group,
  me,
  write,
  line,
  frame,
  silenced,
}) => {
  if (!mayRename(me, group.setting)) return { ok: false, key: 'system.notAuth' };
  const muted = silenced();
  if (muted !== 'ok') return { ok: false, key: muted };
  write(() => {
    groups.saveGroup({ ...group, name: change.name });
    line({ kind: 'renamed', actor: named(change.actor), targets: [], name: change.name });
    frame(store.members(), {
      type: 'editGroupName',
      data: { id: conversation, displayName: change.name, editUserName: change.actor.realname },
    });
  }, 'group');
};

const notice: OpHandler<'notice'> = ({
  parts,
  store,
  groups,
  change,
  now,
  conversation,
  group,
  me,
  write,
  frame,
  silenced,
}) => {
  if (!mayEditNotice(me)) return { ok: false, key: 'system.notAuth' };
  const muted = silenced();
  if (muted !== 'ok') return { ok: false, key: muted };
  write(() => {
    groups.saveGroup({ ...group, notice: change.notice });
    // The announcement is a text message that mentions everyone (the original's setNotice).
    const posted = store.insert(
      {
        id: change.messageId,
        from: change.actor,
        type: 'text',
        content: change.notice,
        extends: { at: [0], notice: 1 },
        pid: 0,
        file: null,
      },
      now,
    );
    if (posted) enqueueMessage(parts, posted, store.members());
    frame(store.members(), { type: 'setNotice', data: { group_id: conversation, notice: change.notice } });
  }, null);
};

const setting: OpHandler<'setting'> = ({ store, groups, change, conversation, group, me, write, line, frame }) => {
  if (!isOwner(me)) return { ok: false, key: 'system.notAuth' };
  const setting = { ...DEFAULT_GROUP_SETTING, ...group.setting, ...change.setting } as GroupSetting;
  write(() => {
    groups.saveGroup({ ...group, setting });
    // Who may send is the one setting every member meets in the chat: it leaves a line, as other changes do.
    if (setting.nospeak !== group.setting.nospeak)
      line({ kind: 'sendMode', actor: named(change.actor), targets: [], mode: setting.nospeak });
    frame(store.members(), { type: 'groupSetting', data: { group_id: conversation, setting } });
  }, 'group');
};

const mute: OpHandler<'mute'> = ({ store, groups, change, now, conversation, me, write, line, frame }) => {
  if (!mayMute(me, groups.member(change.target.id))) return { ok: false, key: 'system.notAuth' };
  const muted = change.until > Math.floor(now / 1000);
  write(() => {
    groups.setMute(change.target.id, muted ? change.until : 0);
    line({
      kind: muted ? 'muted' : 'unmuted',
      actor: named(change.actor),
      targets: [named(change.target)],
      ...(muted ? { until: change.until } : {}),
    });
    frame(store.members(), {
      type: 'setNoSpeak',
      data: { group_id: conversation, user_id: change.target.id, no_speak_time: muted ? change.until : 0 },
    });
  }, null);
};

const nickname: OpHandler<'nickname'> = ({ parts, store, groups, change, conversation, me, frame }) => {
  // Only the members hear of it; D1's projection does not hold nicknames.
  parts.fanout.write(() => {
    groups.setNickname(me!.user_id, change.nickname);
    frame(store.members(), {
      type: 'groupNickname',
      data: { group_id: conversation, user_id: me!.user_id, nickname: change.nickname },
    });
  });
};

const dissolve: OpHandler<'dissolve'> = ({
  parts,
  store,
  groups,
  change,
  conversation,
  group,
  me,
  write,
  line,
  frame,
}) => {
  if (!isOwner(me)) return { ok: false, key: 'system.notAuth' };
  const everyone = store.members();
  write(() => {
    line({ kind: 'dissolved', actor: named(change.actor), targets: [] }, everyone);
    frame(everyone, { type: 'removeGroup', data: { group_id: conversation, reason: 'dissolved' } }, 'remove');
    groups.saveGroup({ ...group, status: 0 });
    removeMembers(parts, everyone);
  });
};

/** The handler of each of these changes. */
export const SETTING_OPS = { qr, rename, notice, setting, mute, nickname, dissolve };
