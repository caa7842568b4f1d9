// A group's picture: the one uploaded for it when there is one, else the first nine members'
// collage (components/ui/collage-avatar), drawn live so it follows the member list.
import { Avatar } from '../../../components/ui/avatar';
import { CollageAvatar } from '../../../components/ui/collage-avatar';
import type { GroupMember } from '../api/groups-api';

interface GroupAvatarProps {
  members: readonly GroupMember[];
  name: string;
  size?: number;
  /** The uploaded picture's address; '' or absent: the collage. */
  src?: string;
}

export function GroupAvatar({ members, name, size = 56, src }: GroupAvatarProps) {
  if (src) return <Avatar name={name} src={src} size={size} />;
  return <CollageAvatar members={members.map((m) => ({ name: m.userInfo.displayName, avatar: m.userInfo.avatar }))} name={name} size={size} />;
}
