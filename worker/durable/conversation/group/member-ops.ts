// A group's membership changes (conversation/group/ops.ts dispatches): adding people, joining by a QR code,
// leaving or being removed, and the roles of admin and owner. Each checks the caller's rights
// (protocol/group-rules.ts) and writes its change, its system line and its frames in one commit.
import { isOwner, mayInvite, mayJoinWith, mayRemove } from '../../../protocol/group-rules';
import { ROLE } from '../../../protocol/groups';
import { addMembers, cardOf, named, type OpHandler, removeMembers } from './parts';

const add: OpHandler<'add'> = ({ parts, store, change, now, conversation, group, me, write, line, frame }) => {
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
};

const join: OpHandler<'join'> = ({
  parts,
  store,
  groups,
  change,
  now,
  conversation,
  group,
  me,
  write,
  line,
  frame,
}) => {
  if (me) return { ok: false, key: 'group.alreadyJoin' };
  const verdict = mayJoinWith(change.token, group, groups.member(change.token.by), groups.departure(change.actor.id));
  if (verdict !== 'ok') return { ok: false, key: verdict };
  if (change.max > 0 && store.members().length + 1 > change.max) return { ok: false, key: 'group.userLimit' };
  const before = store.members();
  write(() => {
    addMembers(parts, [change.actor.id], now);
    line({ kind: 'joined', actor: named(change.actor), targets: [] });
    frame(before, { type: 'addGroupUser', data: { group_id: conversation, user_ids: [change.actor.id] } });
    frame([change.actor.id], { type: 'addGroup', data: cardOf(parts, change.actor.id)! }, 'add');
  });
};

const remove: OpHandler<'remove'> = ({ parts, store, groups, change, now, conversation, me, write, line, frame }) => {
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
};

const role: OpHandler<'role'> = ({ store, groups, change, conversation, me, write, line, frame }) => {
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
};

const owner: OpHandler<'owner'> = ({
  store,
  groups,
  change,
  conversation,
  group,
  me,
  asOperator,
  write,
  line,
  frame,
}) => {
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
};

/** The handler of each of these changes. */
export const MEMBER_OPS = { add, join, remove, role, owner };
