// The group's picture beside its name in the chat's top bar: the uploaded one, else the collage.
import { useGroup } from '../state/group-queries';
import { GroupAvatar } from './group-avatar';

export function GroupChatPicture({ groupKey, me }: { groupKey: string; me: number }) {
  const { info, members } = useGroup(groupKey, me);
  if (!info) return null;
  return <GroupAvatar groupKey={groupKey} members={members} name={info.displayName} size={28} src={info.avatar} />;
}
