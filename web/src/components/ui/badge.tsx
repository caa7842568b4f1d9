// The unread counter: a red pill ("99+" past 99), grey for muted chats, or a bare dot.
export const BADGE_MAX = 99;

/** The count as the badge writes it. */
export const badgeText = (count: number) => (count > BADGE_MAX ? `${BADGE_MAX}+` : String(count));

interface BadgeProps {
  count: number;
  muted?: boolean;
  /** Show only a dot: a muted chat tells that something is new, not how much. */
  dot?: boolean;
  label?: string;
}

export function Badge({ count, muted = false, dot = false, label }: BadgeProps) {
  if (count <= 0) return null;
  const colour = muted ? 'bg-neutral-400' : 'bg-danger';
  if (dot) return <span aria-label={label} className={`block h-2.5 w-2.5 rounded-full ${colour}`} />;
  return (
    <span
      aria-label={label}
      className={`flex h-[18px] min-w-[18px] items-center justify-center rounded-full px-[5px] text-[11px] leading-none font-medium text-white tabular-nums ${colour}`}
    >
      {badgeText(count)}
    </span>
  );
}
