// Line icons of the chat list screens (24×24, stroke = currentColor).
import { Icon } from '@web/components/ui/icons';

export const PlusCircleIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v8M8 12h8" />
  </Icon>
);

export const SearchIcon = ({ size = 22 }: { size?: number }) => (
  <Icon size={size}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2" />
  </Icon>
);

export const MutedIcon = () => (
  <Icon size={14}>
    <path d="M6 16V11a6 6 0 0 1 9.5-4.9M18 11v5l1.5 2H7" />
    <path d="M10 20.5a2.2 2.2 0 0 0 4 0M4 4l16 16" />
  </Icon>
);

export const NewChatIcon = () => (
  <Icon size={20}>
    <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4A2.5 2.5 0 0 1 4 13.5z" />
    <path d="M12 6.5v6M9 9.5h6" />
  </Icon>
);

export const GroupIcon = () => (
  <Icon size={20}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 19c0-3.6 2.9-5.5 6.5-5.5s6.5 1.9 6.5 5.5" />
    <path d="M16 4.8a3.5 3.5 0 0 1 0 6.4M18 13.8c2.2.6 3.5 2.3 3.5 5.2" />
  </Icon>
);

export const EmptyChatsIcon = () => (
  <svg viewBox="0 0 64 64" width="72" height="72" aria-hidden="true" className="text-neutral-300">
    <rect x="6" y="10" width="40" height="30" rx="7" fill="none" stroke="currentColor" strokeWidth="3" />
    <path d="M16 40v8l9-8" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
    <path
      d="M50 22h2a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6h-4v7l-8-7H30"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinejoin="round"
    />
  </svg>
);
