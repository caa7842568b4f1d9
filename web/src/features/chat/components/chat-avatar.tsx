// A chat's picture, the same wherever a chat is shown (list, details, forwarding, search, the
// group list): a person's avatar; a group's uploaded picture, else the collage the server lists
// for it (owner and admins first), never the first letter of its name while it has members.
import { Avatar } from '@web/components/ui/avatar';
import { CollageAvatar } from '@web/components/ui/collage-avatar';

import type { Contact } from '../types';

export function ChatAvatar({
  contact,
  size,
}: {
  contact: Pick<Contact, 'displayName' | 'avatar' | 'is_group' | 'collage'>;
  size: number;
}) {
  if (contact.is_group && !contact.avatar && contact.collage?.length)
    return <CollageAvatar members={contact.collage} name={contact.displayName} size={size} />;
  return <Avatar name={contact.displayName} src={contact.avatar || undefined} size={size} />;
}
