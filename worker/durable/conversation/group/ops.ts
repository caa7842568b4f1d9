// A group's changes, applied inside its ConversationHub: each checks the caller's rights
// (protocol/group-rules.ts), changes the hub's tables, and in the same storage commit enqueues the
// system line (a message of type 'event' whose `extends.system` each client words), the frames
// for the members, and the D1 projection (conversation/fanout/fanout.ts PROJECTION). The hub then kicks the fan-out.
// The pieces they share are in conversation/group/parts.ts; creation and the picture have their own modules.
import { removedSince, speakVerdict } from '../../../protocol/group-rules';
import { type GroupCard, ROLE } from '../../../protocol/groups';
import type { Result } from '../../contract';
import { chatStateOf } from '../chat-state';
import { createGroup } from './create';
import { MEMBER_OPS } from './member-ops';
import {
  cardOf,
  type GroupChange,
  type GroupOp,
  OPERATOR_OPS,
  type OpHandler,
  type Parts,
  postLine,
  project,
  type Projected,
} from './parts';
import { SETTING_OPS } from './setting-ops';

export { changeGroupAvatar } from './avatar';
export { cardOf, type GroupChange } from './parts';

/** One small handler per change (conversation/group/member-ops.ts, conversation/group/setting-ops.ts). */
const HANDLERS = { ...MEMBER_OPS, ...SETTING_OPS };

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
  const op: GroupOp<typeof change> = {
    parts,
    store,
    groups,
    change,
    now,
    conversation,
    group,
    me,
    asOperator,
    write,
    // A member who may not speak may not speak through the group's name or announcement either.
    silenced: () => speakVerdict(me, group.setting, nowSeconds),
    line: (system, to = store.members()) => postLine(parts, change.actor, system, to, now),
    frame: (to, out, chat) =>
      parts.fanout.enqueue(to, {
        kind: 'groupEvent',
        key: crypto.randomUUID(),
        conversation,
        actor: change.actor.id,
        frame: out,
        ...(chat ? { chat } : {}),
        // Whoever leaves keeps the chat as it stands, its last line saying why (conversation/chat-state.ts).
        ...(chat === 'remove' ? { state: chatStateOf(store, change.actor.id, { floor: 0 }, true, true) } : {}),
      }),
  };
  // TypeScript cannot tie HANDLERS[change.op] to the change it narrows to; the table's type does (OpHandler<K>).
  const refused = (HANDLERS[change.op] as OpHandler<typeof change.op>)(op as never);
  if (refused) return refused;
  parts.fanout.kick();
  return { ok: true, value: cardOf(parts, change.actor.id)! };
}
