// A group's collage: up to nine members' avatars (or letters) in a small grid, as the original's
// generated group picture. Shared by the chat list and the group's page. Like
// the original's picture, the whole collage takes the avatar shape; its cells stay square.
import { Avatar, useAvatarShape } from './avatar';

export interface CollageMember {
  name: string;
  avatar: string;
}

export function CollageAvatar({
  members,
  name,
  size = 48,
}: {
  members: readonly CollageMember[];
  name: string;
  size?: number;
}) {
  const shape = useAvatarShape();
  const shown = members.slice(0, 9);
  if (shown.length === 0) return <Avatar name={name} size={size} />;
  const columns = shown.length <= 1 ? 1 : shown.length <= 4 ? 2 : 3;
  const gap = 2;
  const cell = Math.floor((size - 2 * gap - (columns - 1) * gap) / columns);
  return (
    <span
      aria-hidden="true"
      data-collage=""
      style={{ width: size, height: size, padding: gap, gap, gridTemplateColumns: `repeat(${columns}, ${cell}px)` }}
      className={`${shape} grid shrink-0 content-center justify-center overflow-hidden bg-neutral-200`}
    >
      {shown.map((m, i) => (
        <Avatar key={i} name={m.name} src={m.avatar || undefined} size={cell} round={false} />
      ))}
    </span>
  );
}
