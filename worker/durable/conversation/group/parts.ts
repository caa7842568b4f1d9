// What a group's changes share inside its ConversationHub (conversation/group/ops.ts, conversation/group/create.ts,
// conversation/group/avatar.ts, conversation/group/clear.ts): the changes themselves, the parts they write to, the card a
// member sees, the membership rows, the system line, and the D1 projection in the same commit.
import type { Outgoing } from '../../../protocol/frames';
import type { speakVerdict } from '../../../protocol/group-rules';
import { type GroupCard, type GroupSetting, ROLE, type SystemLine } from '../../../protocol/groups';
import type { StoredMessage, UserCard } from '../../../protocol/messages';
import type { Refusal } from '../../contract';
import { type Fanout, PROJECTION } from '../fanout/fanout';
import type { ConversationStore } from '../store';
import { floorOf } from '../visibility';
import type { GroupRow, GroupStore, RoleRow } from './store';

/**
 * `operator`: made from the operator console, whose rights were checked there:
 * the actor acts with the owner's rights without being a member, through the same path as the app.
 */
export type GroupChange = (
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
  | { op: 'dissolve'; actor: UserCard }
) & { operator?: boolean };

/** The changes an operator makes from the console. */
export const OPERATOR_OPS: ReadonlySet<GroupChange['op']> = new Set(['add', 'remove', 'role', 'owner', 'dissolve']);

/** What a change's handler works with (conversation/group/ops.ts builds it): the change, the group, the caller's role, and the ways to write. */
export interface GroupOp<C extends GroupChange> {
  parts: Parts;
  store: ConversationStore;
  groups: GroupStore;
  change: C;
  now: number;
  conversation: string;
  group: GroupRow;
  /** The caller's role row (an operator acts as an owner); null for a joiner not yet in. */
  me: RoleRow | null;
  asOperator: boolean;
  /** The change, its line and frames, and the D1 projection of what it touched, in one commit. */
  write: (body: () => void, projection?: Projected) => void;
  line: (system: SystemLine, to?: number[]) => void;
  frame: (to: number[], out: Outgoing, chat?: 'add' | 'remove') => void;
  silenced: () => ReturnType<typeof speakVerdict>;
}

/** One change's handler: a refusal, or nothing when it was written. */
export type OpHandler<K extends GroupChange['op']> = (
  op: GroupOp<Extract<GroupChange, { op: K }>>,
) => { ok: false; key: Refusal } | undefined;

export interface Parts {
  store: ConversationStore;
  groups: GroupStore;
  fanout: Fanout;
}

export const named = (u: UserCard) => ({ id: u.id, name: u.realname });

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

export function addMembers(parts: Parts, ids: number[], now: number, role: number = ROLE.MEMBER): void {
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

/** Out of the group, keeping read-only what each could see until now (their last line is already written). */
export function removeMembers(parts: Parts, ids: number[]): void {
  const setting = parts.groups.group()?.setting;
  const untilSeq = parts.store.lastSeq();
  for (const id of ids)
    parts.groups.noteFormerSight(id, floorOf(true, setting, parts.groups.member(id)?.join_time ?? 0), untilSeq);
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

export function enqueueMessage(parts: Parts, message: StoredMessage, to: number[]): void {
  parts.fanout.enqueue(to, {
    kind: 'message',
    conversation: parts.store.conversation,
    message,
    chatName: parts.groups.group()?.name,
  });
}

/** What a change rewrites of the D1 projection: the group row with its whole roster, the row alone, or nothing. */
export type Projected = 'roster' | 'group' | null;

/** The group row to D1, with the whole roster when membership or roles changed, in the same commit as the change (docs/decisions/0049). */
export function project(parts: Parts, withRoster = true): void {
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
