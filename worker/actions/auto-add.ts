// Registration's automatic extras (social mode only as there): chatInfo.autoAddUser
// gives the newcomer a customer-service agent round-robin, who greets them through the agent's
// ConversationHub send (live, in the chat list and in sync, as any message); chatInfo.autoAddGroup
// adds them to the auto group through its hub's add (members hear it live, with its system line),
// making a new "{name}{n}" once it is full. Each extra is on its own: its failure is logged, never
// the registration's.
import { liveGroupOwner, nextNumber, readState, writeState } from '../db/auto-add-state';
import { saveNotesStatement } from '../db/user-notes';
import { cardOf, findUsersByIds, type UserRow } from '../db/users';
import { conversationHub } from '../durable/stubs';
import { configNumber } from '../protocol/config-values';
import { groupChatKey } from '../protocol/ids';
import { DEFAULT_GROUP_USER_MAX } from '../protocol/limits';
import { directConversation } from '../services/conversations';
import { isSocialMode } from '../services/run-mode';
import type { SystemConfig } from '../services/system-config';
import { createGroup } from './create-group';

type Newcomer = Pick<UserRow, 'user_id' | 'realname' | 'avatar'>;

export async function welcomeNewcomer(env: Env, config: SystemConfig, newcomer: Newcomer): Promise<void> {
  if (!isSocialMode(config)) return;
  const { autoAddUser, autoAddGroup } = config.chatInfo;
  if (autoAddUser?.status === '1')
    await assignAgent(env, autoAddUser, newcomer).catch((error) =>
      console.error('autoAddUser failed for', newcomer.user_id, error),
    );
  if (autoAddGroup?.status === '1')
    await joinAutoGroup(env, config, autoAddGroup, newcomer).catch((error) =>
      console.error('autoAddGroup failed for', newcomer.user_id, error),
    );
}

/** The next active agent of `user_ids` in turn becomes the newcomer's cs_uid and sends the welcome. */
async function assignAgent(
  env: Env,
  setting: SystemConfig['chatInfo']['autoAddUser'],
  newcomer: Newcomer,
): Promise<void> {
  const ids = (Array.isArray(setting.user_ids) ? setting.user_ids : []).map(Number).filter(Number.isSafeInteger);
  const rows = await findUsersByIds(env.DB, ids);
  // A disabled or deleted agent is skipped, not given newcomers nobody answers.
  const agents = ids.filter((id) => rows.get(id)?.status === 1 && id !== newcomer.user_id);
  if (agents.length === 0) return;
  const turn = await nextNumber(env.DB, 'cs_turn');
  const agent = rows.get(agents[(turn - 1) % agents.length]!)!;
  await saveNotesStatement(env.DB, newcomer.user_id, { cs_uid: agent.user_id }).run();
  const welcome = String(setting.welcome ?? '').trim();
  if (!welcome) return;
  const conversation = directConversation(agent.user_id, newcomer.user_id);
  const sent = await conversationHub(env, conversation).send(conversation, {
    id: crypto.randomUUID(),
    from: cardOf(agent),
    type: 'text',
    content: welcome,
    pid: 0,
    extends: null,
    file: null,
  });
  if (!sent.ok) throw new Error(`the welcome was refused: ${sent.key}`);
}

/** Adds the newcomer to the current auto group, or to a new one when it is full, gone or another owner's. */
async function joinAutoGroup(
  env: Env,
  config: SystemConfig,
  setting: SystemConfig['chatInfo']['autoAddGroup'],
  newcomer: Newcomer,
): Promise<void> {
  const ownerId = Number(setting.owner_uid);
  const owner = (await findUsersByIds(env.DB, [ownerId])).get(ownerId);
  if (owner?.status !== 1) throw new Error(`the auto group's owner ${setting.owner_uid} is not an active user`);
  const ownerCard = cardOf(owner);
  const cap = configNumber(config.chatInfo.groupUserMax, DEFAULT_GROUP_USER_MAX) || DEFAULT_GROUP_USER_MAX;
  const max = Math.min(configNumber(setting.userMax, cap) || cap, cap);
  const current = await readState(env.DB, 'group_id');
  if (current > 0 && (await liveGroupOwner(env.DB, current)) === ownerId) {
    const id = groupChatKey(current);
    const added = await conversationHub(env, id).group(id, {
      op: 'add',
      actor: ownerCard,
      users: [cardOf(newcomer)],
      max,
      // The system acts with the owner's rights (as the console does), whatever the group's settings.
      operator: true,
    });
    if (added.ok || added.key === 'group.alreadyJoin') return;
    if (added.key !== 'group.userLimit' && added.key !== 'group.exist') throw new Error(added.key);
  }
  const num = await nextNumber(env.DB, 'group_num');
  const name = num === 1 ? setting.name : `${setting.name}${num}`;
  const { groupId, answer } = await createGroup(env, ownerCard, name, [cardOf(newcomer)]);
  if (!answer.ok) throw new Error(answer.key);
  await writeState(env.DB, 'group_id', groupId);
}
