// A group's uploaded picture, set inside its ConversationHub: apart from the other group changes
// because it answers the picture it replaced, whose file the caller releases.
import { mayChangeAvatar, speakVerdict } from '../../../protocol/group-rules';
import type { GroupCard } from '../../../protocol/groups';
import type { UserCard } from '../../../protocol/messages';
import type { Result } from '../../contract';
import { cardOf, type Parts, project } from './parts';

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
