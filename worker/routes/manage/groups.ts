// manage/group/*: an operator searches groups and changes their
// members, managers and owner, or dissolves one. Each change goes through the group's hub like the
// same change made in the app (conversation/group/ops.ts, `operator`: the owner's rights without being a
// member), so members hear of it live, with its system line; and each is audited. A change that
// names a user (adding, removing, a manager, the owner given or taken) is an action on them: on an
// operator, a super admin's (middleware/operator.ts mayActOn).
import { type Context, Hono } from 'hono';

import type { AppEnv } from '../../app-env';
import { appendAudit } from '../../db/audit';
import { listGroups, liveGroup } from '../../db/manage-groups';
import { findUsersByIds } from '../../db/users';
import type { GroupChange } from '../../durable/conversation/group/ops';
import { conversationHub } from '../../durable/stubs';
import { mayActOnUsers, mayChange, superOnly } from '../../middleware/operator';
import { input } from '../../middleware/params';
import type { ConsoleMember, ManagedGroup } from '../../protocol/console';
import { GroupIdBody, type GroupKey, GroupUserBody, GroupUsersBody, SetManagerBody } from '../../protocol/groups';
import { groupIdOf } from '../../protocol/ids';
import { ManageGroupClearBody, ManageGroupListBody } from '../../protocol/manage';
import { envelope, refuse, settled } from '../../services/replies';
import { cardsOf, memberCap, targetCards } from '../groups';
import { demoView } from './demo-view';

export const manageGroups = new Hono<AppEnv>();

type LiveGroup = NonNullable<Awaited<ReturnType<typeof liveGroup>>>;

/**
 * Applies `body` in the group's hub as the operator, audits it, and answers the group's members
 * now. `targets` are the users the change acts on.
 */
async function change(
  c: Context<AppEnv>,
  id: string,
  action: string,
  body: GroupChange,
  detail: unknown,
  targets: (group: LiveGroup) => number[] = () => [],
) {
  mayChange(c);
  const group = await liveGroup(c.env.DB, groupIdOf(id) ?? 0);
  if (!group) throw refuse('group.exist');
  await mayActOnUsers(c, targets(group));
  settled(await conversationHub(c.env, id).group(id, { ...body, operator: true }));
  await appendAudit(c.env.DB, {
    actor: c.get('identity').uid,
    action,
    target: `group:${group.group_id}`,
    after: detail,
  });
  return c.json(envelope({ group_id: id } satisfies GroupKey));
}

manageGroups.post('/index', async (c) => {
  const q = input(c, ManageGroupListBody);
  const { rows, count } = await listGroups(c.env.DB, { ...q, demoOnly: demoView(c) });
  return c.json(envelope(rows satisfies ManagedGroup[], '', { count, page: q.page }));
});

/** The members with their roles (1 owner, 2 admin, 3 member), as the group's hub has them now. */
manageGroups.post('/users', async (c) => {
  const { id } = input(c, GroupIdBody);
  const roster = await conversationHub(c.env, id).groupRoster(id);
  if (!roster) throw refuse('group.exist');
  const users = await findUsersByIds(
    c.env.DB,
    roster.map((m) => m.user_id),
  );
  // The demo's view lists the shared demo accounts among the members, nobody else.
  const shown = demoView(c) ? roster.filter((m) => users.get(m.user_id)?.is_demo) : roster;
  const list = shown.map((m) => {
    const u = users.get(m.user_id);
    return {
      user_id: m.user_id,
      role: m.role,
      account: u?.account ?? '',
      realname: u?.realname ?? '',
      avatar: u?.avatar ?? '',
    };
  });
  return c.json(envelope(list satisfies ConsoleMember[], '', { count: list.length }));
});

manageGroups.post('/addgroupuser', async (c) => {
  const { id, user_ids } = input(c, GroupUsersBody);
  const users = await cardsOf(c.env.DB, user_ids);
  const max = await memberCap(c.env.DB);
  const body: GroupChange = { op: 'add', actor: c.get('me'), users, max };
  return change(c, id, 'group.addUser', body, { user_ids }, () => user_ids);
});

manageGroups.post('/delgroupuser', async (c) => {
  const { id, user_id } = input(c, GroupUserBody);
  const [target] = await targetCards(c.env.DB, [user_id]);
  const body: GroupChange = { op: 'remove', actor: c.get('me'), target: target! };
  return change(c, id, 'group.removeUser', body, { user_id }, () => [user_id]);
});

manageGroups.post('/setmanager', async (c) => {
  const { id, user_id, role } = input(c, SetManagerBody);
  const [target] = await targetCards(c.env.DB, [user_id]);
  const body: GroupChange = { op: 'role', actor: c.get('me'), target: target!, role: role as 2 | 3 };
  return change(c, id, 'group.setManager', body, { user_id, role }, () => [user_id]);
});

manageGroups.post('/changeowner', async (c) => {
  const { id, user_id } = input(c, GroupUserBody);
  const [target] = await cardsOf(c.env.DB, [user_id]);
  // The group is given to one and taken from the other.
  const body: GroupChange = { op: 'owner', actor: c.get('me'), target: target! };
  return change(c, id, 'group.changeOwner', body, { user_id }, (group) => [user_id, group.owner_id]);
});

manageGroups.post('/del', async (c) => {
  const { id } = input(c, GroupIdBody);
  return change(c, id, 'group.dissolve', { op: 'dissolve', actor: c.get('me') }, null);
});

// Clearing a group's history for everyone: a super admin's, refused in the demo
// lock, through the hub as the owner's clear (members hear `clearMessage`, the chat keeps a line
// naming who cleared it), and audited.
manageGroups.post('/clearmessage', async (c) => {
  superOnly(c);
  const { group_id: id } = input(c, ManageGroupClearBody);
  const group = await liveGroup(c.env.DB, groupIdOf(id) ?? 0);
  if (!group) throw refuse('group.exist');
  const { throughSeq } = settled(await conversationHub(c.env, id).clearHistory(id, c.get('me'), true));
  await appendAudit(c.env.DB, {
    actor: c.get('identity').uid,
    action: 'group.clearMessage',
    target: `group:${group.group_id}`,
    before: { name: group.name },
    after: { cleared_through: throughSeq },
  });
  return c.json(envelope({ group_id: id } satisfies GroupKey));
});
