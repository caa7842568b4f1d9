// A group's changes, applied inside its ConversationHub: each checks the caller's rights
// (protocol/group-rules.ts), changes the hub's tables, and in the same storage commit enqueues the
// system line (a message of type 'event' whose `extends.system` each client words), the frames
// for the members, and the D1 projection (fanout.ts PROJECTION). The hub then kicks the fan-out.
// The pieces they share are in group-parts.ts; creation and the picture have their own modules.
import type { Outgoing } from '../protocol/frames';
import {
  isManager,
  isOwner,
  mayEditNotice,
  mayInvite,
  mayJoinWith,
  mayMute,
  mayRemove,
  mayRename,
  removedSince,
  speakVerdict,
} from '../protocol/group-rules';
import { DEFAULT_GROUP_SETTING, type GroupCard, type GroupSetting, ROLE, type SystemLine } from '../protocol/groups';
import { chatStateOf } from './chat-state';
import { createGroup } from './group-create';
import {
  addMembers,
  cardOf,
  enqueueMessage,
  type GroupChange,
  named,
  OPERATOR_OPS,
  type Parts,
  postLine,
  project,
  type Projected,
  removeMembers,
} from './group-parts';
import type { Result } from './hub-events';

export { changeGroupAvatar } from './group-avatar';
export { cardOf, type GroupChange } from './group-parts';

/** The card of a live group for anyone holding a QR of its current version (the scan's join page); null otherwise. */
export function qrCard(
  parts: Parts,
  viewer: number,
  token: { v: number; t: number },
): GroupCard | 'scan.removed' | null {
  const group = parts.groups.group();
  if (group?.status !== 1 || (group.qr_version ?? 0) !== token.v) return null;
  // A member removed after the code was minted is told so at the scan, not shown a join page that refuses.
  if (!parts.groups.member(viewer) && removedSince(token, parts.groups.departure(viewer))) return 'scan.removed';
  return cardOf(parts, viewer);
}

export function applyGroupChange(parts: Parts, change: GroupChange, now: number): Result<GroupCard> {
  const { store, groups } = parts;
  if (change.op === 'create') return createGroup(parts, change, now);
  const group = groups.group();
  if (!group || group.status !== 1) return { ok: false, key: 'group.exist' };
  // An operator (console) acts with the owner's rights, member or not.
  const asOperator = change.operator === true && OPERATOR_OPS.has(change.op);
  const me = asOperator
    ? { user_id: change.actor.id, role: ROLE.OWNER, join_time: 0, no_speak_time: 0, nickname: '' }
    : groups.member(change.actor.id);
  // Joining is the one change made by someone who is not a member yet.
  if (!me && change.op !== 'join') return { ok: false, key: 'im.notMember' };
  const conversation = store.conversation;
  // The D1 projection is rewritten only by what it holds: the roster for membership and roles, the
  // group row for its name, picture, owner and settings; a notice, a mute or a nickname leave it be.
  const write = (body: () => void, projection: Projected = 'roster') =>
    parts.fanout.write(() => {
      body();
      if (projection) project(parts, projection === 'roster');
    });
  const nowSeconds = Math.floor(now / 1000);
  // A member who may not speak may not speak through the group's name or announcement either.
  const silenced = () => speakVerdict(me, group.setting, nowSeconds);
  const line = (system: SystemLine, to: number[] = store.members()) => postLine(parts, change.actor, system, to, now);
  const frame = (to: number[], out: Outgoing, chat?: 'add' | 'remove') =>
    parts.fanout.enqueue(to, {
      kind: 'groupEvent',
      key: crypto.randomUUID(),
      conversation,
      actor: change.actor.id,
      frame: out,
      ...(chat ? { chat } : {}),
      // Whoever leaves keeps the chat as it stands, its last line saying why (chat-state.ts).
      ...(chat === 'remove' ? { state: chatStateOf(store, change.actor.id, { floor: 0 }, true, true) } : {}),
    });

  switch (change.op) {
    case 'add': {
      if (!mayInvite(me, group.setting)) return { ok: false, key: 'system.notAuth' };
      const present = new Set(store.members());
      const fresh = change.users.filter((u) => !present.has(u.id));
      if (fresh.length === 0) return { ok: false, key: 'group.alreadyJoin' };
      if (change.max > 0 && present.size + fresh.length > change.max) return { ok: false, key: 'group.userLimit' };
      write(() => {
        addMembers(
          parts,
          fresh.map((u) => u.id),
          now,
        );
        line({ kind: 'added', actor: named(change.actor), targets: fresh.map(named) });
        frame([...present], {
          type: 'addGroupUser',
          data: { group_id: conversation, user_ids: fresh.map((u) => u.id) },
        });
        frame(
          fresh.map((u) => u.id),
          { type: 'addGroup', data: cardOf(parts, fresh[0]!.id)! },
          'add',
        );
      });
      break;
    }
    case 'join': {
      if (me) return { ok: false, key: 'group.alreadyJoin' };
      const verdict = mayJoinWith(
        change.token,
        group,
        groups.member(change.token.by),
        groups.departure(change.actor.id),
      );
      if (verdict !== 'ok') return { ok: false, key: verdict };
      if (change.max > 0 && store.members().length + 1 > change.max) return { ok: false, key: 'group.userLimit' };
      const before = store.members();
      write(() => {
        addMembers(parts, [change.actor.id], now);
        line({ kind: 'joined', actor: named(change.actor), targets: [] });
        frame(before, { type: 'addGroupUser', data: { group_id: conversation, user_ids: [change.actor.id] } });
        frame([change.actor.id], { type: 'addGroup', data: cardOf(parts, change.actor.id)! }, 'add');
      });
      break;
    }
    case 'remove': {
      const self = change.target.id === change.actor.id;
      const verdict = mayRemove(me, self, groups.member(change.target.id));
      if (verdict !== 'ok') return { ok: false, key: verdict };
      // The removed member hears of it too (their last line and frame), then nothing more.
      const everyone = store.members();
      write(() => {
        line(
          { kind: self ? 'left' : 'removed', actor: named(change.actor), targets: self ? [] : [named(change.target)] },
          everyone,
        );
        frame(everyone, { type: 'removeUser', data: { group_id: conversation, user_id: change.target.id } });
        frame(
          [change.target.id],
          { type: 'removeGroup', data: { group_id: conversation, reason: self ? 'left' : 'removed' } },
          'remove',
        );
        groups.noteDeparture(change.target.id, self ? 0 : now);
        removeMembers(parts, [change.target.id]);
      });
      break;
    }
    case 'role': {
      const target = groups.member(change.target.id);
      if (!isOwner(me)) return { ok: false, key: 'system.notAuth' };
      if (!target) return { ok: false, key: 'group.notMember' };
      if (target.role === ROLE.OWNER) return { ok: false, key: 'system.notAuth' };
      write(() => {
        groups.setRole(target.user_id, change.role, target.join_time);
        line({
          kind: change.role === ROLE.ADMIN ? 'admin' : 'unadmin',
          actor: named(change.actor),
          targets: [named(change.target)],
        });
        frame(store.members(), {
          type: 'setManager',
          data: { group_id: conversation, user_id: target.user_id, role: change.role },
        });
      });
      break;
    }
    case 'owner': {
      const target = groups.member(change.target.id);
      if (!isOwner(me)) return { ok: false, key: 'system.notAuth' };
      // The owner hands over their own role; an operator takes it from whoever holds it.
      const previous = asOperator ? groups.member(group.owner_id) : me;
      if (!target || target.user_id === previous?.user_id) return { ok: false, key: 'group.notMember' };
      write(() => {
        groups.setRole(target.user_id, ROLE.OWNER, target.join_time);
        if (previous) groups.setRole(previous.user_id, ROLE.MEMBER, previous.join_time);
        groups.saveGroup({ ...group, owner_id: target.user_id });
        line({ kind: 'owner', actor: named(change.actor), targets: [named(change.target)] });
        frame(store.members(), { type: 'changeOwner', data: { group_id: conversation, user_id: target.user_id } });
      });
      break;
    }
    case 'qr': {
      if (!isManager(me)) return { ok: false, key: 'system.notAuth' };
      write(() => groups.saveGroup({ ...group, qr_version: (group.qr_version ?? 0) + 1 }), null);
      break;
    }
    case 'rename': {
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
      break;
    }
    case 'notice': {
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
      break;
    }
    case 'setting': {
      if (!isOwner(me)) return { ok: false, key: 'system.notAuth' };
      const setting = { ...DEFAULT_GROUP_SETTING, ...group.setting, ...change.setting } as GroupSetting;
      write(() => {
        groups.saveGroup({ ...group, setting });
        // Who may send is the one setting every member meets in the chat: it leaves a line, as other changes do.
        if (setting.nospeak !== group.setting.nospeak)
          line({ kind: 'sendMode', actor: named(change.actor), targets: [], mode: setting.nospeak });
        frame(store.members(), { type: 'groupSetting', data: { group_id: conversation, setting } });
      }, 'group');
      break;
    }
    case 'mute': {
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
      break;
    }
    case 'nickname': {
      // Only the members hear of it; D1's projection does not hold nicknames.
      parts.fanout.write(() => {
        groups.setNickname(me!.user_id, change.nickname);
        frame(store.members(), {
          type: 'groupNickname',
          data: { group_id: conversation, user_id: me!.user_id, nickname: change.nickname },
        });
      });
      break;
    }
    case 'dissolve': {
      if (!isOwner(me)) return { ok: false, key: 'system.notAuth' };
      const everyone = store.members();
      write(() => {
        line({ kind: 'dissolved', actor: named(change.actor), targets: [] }, everyone);
        frame(everyone, { type: 'removeGroup', data: { group_id: conversation, reason: 'dissolved' } }, 'remove');
        groups.saveGroup({ ...group, status: 0 });
        removeMembers(parts, everyone);
      });
      break;
    }
  }
  parts.fanout.kick();
  return { ok: true, value: cardOf(parts, change.actor.id)! };
}
