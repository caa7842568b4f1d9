// A user's picture, or the first letter of their name on a colour derived from the name,
// so the same person keeps the same colour everywhere. Its shape follows the "round avatars"
// setting unless the caller insists on one (a call screen is always round).
import { useAppSetting } from '../../lib/app-setting';

const COLOURS = ['#1aad19', '#2f88ff', '#f5a623', '#e5534b', '#8e6cef', '#13a8a8'];

function colourFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return COLOURS[hash % COLOURS.length]!;
}

interface AvatarProps {
  name: string;
  src?: string;
  size?: number;
  /** A fixed shape; left out, the user's setting decides (and a change of it redraws at once). */
  round?: boolean;
}

/** The avatar shape's class: the shape the caller fixes, else the setting's. */
export function useAvatarShape(round?: boolean): string {
  const { circleAvatar } = useAppSetting();
  return (round ?? circleAvatar) ? 'rounded-full' : 'rounded-md';
}

export function Avatar({ name, src, size = 48, round }: AvatarProps) {
  const shape = useAvatarShape(round);
  if (src) return <img src={src} alt="" width={size} height={size} className={`${shape} shrink-0 object-cover`} />;
  const letter = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span
      aria-hidden="true"
      style={{ width: size, height: size, background: colourFor(name), fontSize: size * 0.42 }}
      className={`${shape} flex shrink-0 items-center justify-center font-medium text-white`}
    >
      {letter}
    </span>
  );
}
