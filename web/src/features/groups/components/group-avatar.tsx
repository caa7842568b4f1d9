// A group's picture: the one uploaded for it when there is one, else its collage
// (components/ui/collage-avatar). The collage is the one the chat list draws (the server's: owner
// and admins first, at most nine) so the group looks the same in the list, its chat and its page.
// Where the members are loaded they draw it, in that same order: they follow removals and
// additions live, which the list's collage learns only on its next read.
import { Avatar } from '@web/components/ui/avatar';
import { CollageAvatar, type CollageMember } from '@web/components/ui/collage-avatar';

import { keyOf, useChatState } from '../../chat';
import type { GroupMember } from '../api/groups-api';

interface GroupAvatarProps {
  groupKey: string;
  members: readonly GroupMember[];
  name: string;
  size?: number;
  /** The uploaded picture's address; '' or absent: the collage. */
  src?: string;
}

/**
 * The members as the server orders a collage: by role (owner, admins, members), then by user id;
 * each by their own name, as the list's collage is (not my remark or their group nickname), so the
 * group's picture has the same letters everywhere.
 */
export const collageOrder = (members: readonly GroupMember[]): CollageMember[] =>
  [...members]
    .sort((a, b) => a.role - b.role || a.user_id - b.user_id)
    .map((m) => ({ name: m.userInfo.realname || m.userInfo.displayName, avatar: m.userInfo.avatar }));

export function GroupAvatar({ groupKey, members, name, size = 56, src }: GroupAvatarProps) {
  const listed = useChatState((s) => s.contacts.find((c) => keyOf(c.id) === groupKey)?.collage);
  if (src) return <Avatar name={name} src={src} size={size} />;
  return <CollageAvatar members={members.length ? collageOrder(members) : (listed ?? [])} name={name} size={size} />;
}
