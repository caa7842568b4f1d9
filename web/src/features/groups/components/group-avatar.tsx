// A group's picture: the first nine members' avatars (or letters) in a small grid, as the
// original's collage (reference §5.5), drawn live so it follows the member list.
import { Avatar } from '../../../components/ui/avatar';
import type { GroupMember } from '../api/groups-api';

export function GroupAvatar({ members, name, size = 56 }: { members: readonly GroupMember[]; name: string; size?: number }) {
  const shown = members.slice(0, 9);
  if (shown.length === 0) return <Avatar name={name} size={size} />;
  const columns = shown.length <= 1 ? 1 : shown.length <= 4 ? 2 : 3;
  const gap = 2;
  const cell = Math.floor((size - 2 * gap - (columns - 1) * gap) / columns);
  return (
    <span aria-hidden="true" style={{ width: size, height: size, padding: gap, gap, gridTemplateColumns: `repeat(${columns}, ${cell}px)` }}
      className="grid shrink-0 content-center justify-center rounded-md bg-neutral-200">
      {shown.map((m) => <Avatar key={m.user_id} name={m.userInfo.displayName} src={m.userInfo.avatar || undefined} size={cell} />)}
    </span>
  );
}
