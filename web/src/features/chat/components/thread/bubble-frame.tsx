// The speech bubble around text and voice: green on the right for own messages, white on the
// left for others, with the small tail pointing at the avatar.
import type { ReactNode } from 'react';

export function BubbleFrame({
  mine,
  children,
  className = '',
}: {
  mine: boolean;
  children: ReactNode;
  className?: string;
}) {
  const colour = mine ? 'bg-[#95ec69] active:bg-[#89d961]' : 'bg-white active:bg-neutral-100';
  return (
    <div
      className={`relative min-h-10 rounded-[6px] px-3 py-[9px] text-[16px] leading-[22px] text-[#111] ${colour} ${className}`}
    >
      <span
        aria-hidden="true"
        className={`absolute top-[14px] h-2.5 w-2.5 rotate-45 ${mine ? '-right-1 bg-inherit' : '-left-1 bg-inherit'}`}
      />
      {children}
    </div>
  );
}
