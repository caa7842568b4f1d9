// A new group: its D1 row (the id, name and owner the lists and the console read) and its hub's
// founding change (the owner, the first members, the default settings). One path for both ways a
// group is made: a user's /group/add and registration's auto group (auto-add.ts).
import { createGroupRow } from '../db/group-projection';
import { conversationHub } from '../durable/stubs';
import { DEFAULT_GROUP_SETTING } from '../protocol/groups';
import { groupChatKey } from '../protocol/ids';
import type { UserCard } from '../protocol/messages';

/** Makes the group and answers its id with the hub's answer (the owner's view of it, or a refusal). */
export async function createGroup(env: Env, owner: UserCard, name: string, members: UserCard[]) {
  const createTime = Math.floor(Date.now() / 1000);
  const groupId = await createGroupRow(env.DB, owner.id, name, createTime);
  const id = groupChatKey(groupId);
  const group = {
    group_id: groupId,
    name,
    notice: '',
    avatar: '',
    owner_id: owner.id,
    create_time: createTime,
    status: 1,
    setting: DEFAULT_GROUP_SETTING,
  };
  const answer = await conversationHub(env, id).group(id, { op: 'create', group, owner, members });
  return { groupId, answer };
}
