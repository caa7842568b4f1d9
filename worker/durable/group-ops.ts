// A group's changes, applied inside its ConversationHub: each checks the caller's rights
// (protocol/group-rules.ts), changes the hub's tables, and in the same storage commit enqueues the
// system line (a message of type 'event' whose `extends.system` each client words), the frames
// for the members, and the D1 projection (fanout.ts PROJECTION). The hub then kicks the fan-out.
import type { Outgoing } from '../protocol/frames';
import {
  isManager,
  isOwner,
  mayChangeAvatar,
  mayEditNotice,
  mayInvite,
  mayJoinWith,
  mayMute,
  mayRemove,
  mayRename,
  speakVerdict,
} from '../protocol/group-rules';
import { DEFAULT_GROUP_SETTING, type GroupCard, type GroupSetting, ROLE, type SystemLine } from '../protocol/groups';
import type { StoredMessage, UserCard } from '../protocol/messages';
import type { ConversationStore } from './conversation-store';
import { type Fanout, PROJECTION } from './fanout';
import type { GroupRow, GroupStore } from './group-store';
import type { Result } from './hub-events';

export type GroupChange =
  | { op: 'create'; group: GroupRow; owner: UserCard; members: UserCard[] }
  | { op: 'add'; actor: UserCard; users: UserCard[]; max: number }
  /** By a QR token: when it was minted (ms), its QR version and who minted it (qr-tokens.ts QrClaims). */
  | { op: 'join'; actor: UserCard; max: number; token: { t: number; v: number; by: number } }
  /** A manager's reset of the join QR: every token minted before stops working. */
  | { op: 'qr'; actor: UserCard }
  | { op: 'remove'; actor: UserCard; target: UserCard }
  | { op: 'role'; actor: UserCard; target: UserCard; role: 2 | 3 }
  | { op: 'owner'; actor: UserCard; target: UserCard }
  | { op: 'rename'; actor: UserCard; name: string }
  | { op: 'notice'; actor: UserCard; notice: string; messageId: string }
  | { op: 'setting'; actor: UserCard; setting: Partial<GroupSetting> }
  | { op: 'mute'; actor: UserCard; target: UserCard; until: number }
  /** My nickname in this group ('' clears it). */
  | { op: 'nickname'; actor: UserCard; nickname: string }
  | { op: 'dissolve'; actor: UserCard };

interface Parts {
  store: ConversationStore;
  groups: GroupStore;
  fanout: Fanout;
}

const named = (u: UserCard) => ({ id: u.id, name: u.realname });

/** The group's card as `viewer` sees it (role 0 when not a member). */
export function cardOf(parts: Parts, viewer: number): GroupCard | null {
  const g = parts.groups.group();
  if (!g) return null;
  const role = parts.groups.member(viewer)?.role ?? 0;
  return {
    id: parts.store.conversation,
    group_id: g.group_id,
    displayName: g.name,
    name: g.name,
    avatar: g.avatar,
    notice: g.notice,
    owner_id: g.owner_id,
    create_time: g.create_time,
    setting: g.setting,
    groupUserCount: parts.store.members().length,
    role,
    isJoin: role,
    is_group: 1,
  };
}

export function applyGroupChange(parts: Parts, change: GroupChange, now: number): Result<GroupCard> {
  const { store, groups } = parts;
  if (change.op === 'create') return create(parts, change, now);
  const group = groups.group();
  if (!group || group.status !== 1) return { ok: false, key: 'group.exist' };
  const me = groups.member(change.actor.id);
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
      if (!target || target.user_id === me!.user_id) return { ok: false, key: 'group.notMember' };
      write(() => {
        groups.setRole(target.user_id, ROLE.OWNER, target.join_time);
        groups.setRole(me!.user_id, ROLE.MEMBER, me!.join_time);
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
        // The announcement is a text message that mentions everyone (reference §1.4 setNotice).
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

/**
 * The group's uploaded picture (its URL), for whoever may rename it; answers the card and the
 * picture it replaced, whose file the caller releases (the hub is the one writer, so each replaced
 * picture is answered exactly once).
 */
export function changeGroupAvatar(
  parts: Parts,
  actor: UserCard,
  avatar: string,
): Result<{ card: GroupCard; previous: string }> {
  const { store, groups } = parts;
  const group = groups.group();
  if (!group || group.status !== 1) return { ok: false, key: 'group.exist' };
  const me = groups.member(actor.id);
  if (!me) return { ok: false, key: 'im.notMember' };
  if (!mayChangeAvatar(me, group.setting)) return { ok: false, key: 'system.notAuth' };
  const silenced = speakVerdict(me, group.setting, Math.floor(Date.now() / 1000));
  if (silenced !== 'ok') return { ok: false, key: silenced };
  const conversation = store.conversation;
  parts.fanout.write(() => {
    groups.saveGroup({ ...group, avatar });
    parts.fanout.enqueue(store.members(), {
      kind: 'groupEvent',
      key: crypto.randomUUID(),
      conversation,
      actor: actor.id,
      frame: { type: 'groupAvatar', data: { group_id: conversation, avatar } },
    });
    project(parts, false);
  });
  parts.fanout.kick();
  return { ok: true, value: { card: cardOf(parts, actor.id)!, previous: group.avatar } };
}

function create(parts: Parts, change: Extract<GroupChange, { op: 'create' }>, now: number): Result<GroupCard> {
  const { store, groups } = parts;
  // A retried create (the Worker's call failed after the commit) answers what is there.
  if (groups.group()) return { ok: true, value: cardOf(parts, change.owner.id)! };
  const others = change.members.filter((u) => u.id !== change.owner.id);
  parts.fanout.write(() => {
    groups.saveGroup(change.group);
    addMembers(parts, [change.owner.id], now, ROLE.OWNER);
    addMembers(
      parts,
      others.map((u) => u.id),
      now,
    );
    postLine(
      parts,
      change.owner,
      { kind: 'created', actor: named(change.owner), targets: others.map(named) },
      store.members(),
      now,
    );
    const conversation = store.conversation;
    const addGroup = (to: number[], viewer: number) =>
      parts.fanout.enqueue(to, {
        kind: 'groupEvent',
        key: crypto.randomUUID(),
        conversation,
        actor: change.owner.id,
        frame: { type: 'addGroup', data: cardOf(parts, viewer)! },
        chat: 'add',
      });
    addGroup([change.owner.id], change.owner.id);
    if (others.length > 0)
      addGroup(
        others.map((u) => u.id),
        others[0]!.id,
      );
    project(parts);
  });
  parts.fanout.kick();
  return { ok: true, value: cardOf(parts, change.owner.id)! };
}

function addMembers(parts: Parts, ids: number[], now: number, role: number = ROLE.MEMBER): void {
  parts.store.addMembers(ids);
  for (const id of ids) {
    parts.groups.setRole(id, role, now);
    // Leaving does not end a mute: whoever comes back before it ends is muted still.
    const mute = parts.groups.departure(id)?.no_speak_time ?? 0;
    if (mute > Math.floor(now / 1000)) parts.groups.setMute(id, mute);
  }
  // A newcomer starts with everything before them read: history they may not see is not unread.
  const last = parts.store.lastSeq();
  for (const id of ids) parts.store.setReadSeq(id, last);
}

function removeMembers(parts: Parts, ids: number[]): void {
  parts.groups.remove(ids);
  parts.store.forgetMemory();
}

/** A system line: a message of type 'event' with empty content; it goes out like any message. */
export function postLine(parts: Parts, actor: UserCard, system: SystemLine, to: number[], now: number): void {
  const stored = parts.store.insert(
    {
      id: `sys-${crypto.randomUUID()}`,
      from: actor,
      type: 'event',
      content: '',
      extends: { system },
      pid: 0,
      file: null,
    },
    now,
  );
  if (stored) enqueueMessage(parts, stored, to);
}

function enqueueMessage(parts: Parts, message: StoredMessage, to: number[]): void {
  parts.fanout.enqueue(to, {
    kind: 'message',
    conversation: parts.store.conversation,
    message,
    chatName: parts.groups.group()?.name,
  });
}

/** What a change rewrites of the D1 projection: the group row with its whole roster, the row alone, or nothing. */
type Projected = 'roster' | 'group' | null;

/** The group row to D1, with the whole roster when membership or roles changed, in the same commit as the change (README Decisions). */
function project(parts: Parts, withRoster = true): void {
  const g = parts.groups.group()!;
  const members = g.status === 1 ? parts.groups.roster().map((m) => [m.user_id, m.role] as [number, number]) : [];
  parts.fanout.enqueue([PROJECTION], {
    kind: 'projection',
    key: crypto.randomUUID(),
    conversation: parts.store.conversation,
    projection: {
      group_id: g.group_id,
      name: g.name,
      owner_id: g.owner_id,
      avatar: g.avatar,
      status: g.status,
      setting: g.setting,
      ...(withRoster ? { members } : {}),
    },
  });
}
