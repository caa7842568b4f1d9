// The chat's top bar: back to the chat list (back from chat goes home), the contact's
// name with their presence in single chats ("Last seen 5 minutes ago" when offline and known, in
// the original's message-time words), and "…" to the chat details. A one-to-one chat also has voice
// and video call buttons there when the server has calls on (and in the "+" panel). Beside the
// chat list (the wide layout) there is no back: the list is already there.
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

import { BackIcon } from '@web/components/ui/icons';
import { Link } from '@web/components/ui/link';
import { PATHS } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';
import { useConfigChanges } from '@web/lib/system-info';
import { formatMessageTime } from '@web/utils/message-time';

import { useChatState } from '../../hooks/use-chat';
import { useMinuteClock } from '../../hooks/use-minute-clock';
import { chatDetailPath, keyOf } from '../../types';
import { callContact, canCall } from './call-contact';

interface ChatTopBarProps {
  contactKey: string;
  title: string;
  /** null: presence is not shown (groups, or the server hides it). */
  online: boolean | null;
  /** A line under the name instead of presence (a group's member count). */
  subtitle?: string | null;
  /** Shown before the name (a group's picture or collage). */
  picture?: ReactNode;
  /** False beside the chat list (the wide layout), where back would lead to what is already on screen. */
  back?: boolean;
  /** Who is typing ("typing…", "An is typing…"), shown instead of the line under the name while it lasts. */
  typing?: string | null;
}

export function ChatTopBar({ contactKey, title, online, subtitle, picture, back = true, typing }: ChatTopBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lastSeen = useChatState((s) => s.contacts.find((c) => keyOf(c.id) === contactKey)?.last_seen ?? 0);
  const now = useMinuteClock();
  // Calls switched off by an operator take the buttons away at once.
  useConfigChanges();
  const calls = canCall(contactKey);
  const presence = online
    ? t('chat.online')
    : lastSeen > 0
      ? t('chat.lastSeen', { time: formatMessageTime(new Date(lastSeen * 1000), now, t) })
      : t('chat.offline');
  return (
    // The title stays centred: as much room on the left as the buttons take on the right.
    <header
      className={`relative z-10 flex h-11 shrink-0 items-center justify-center border-b border-black/5 bg-[#ededed] ${calls ? 'px-[7.75rem] lg:px-36' : 'px-12'}`}
    >
      {back && (
        <button
          type="button"
          onClick={() => void navigate(PATHS.home)}
          aria-label={t('common.back')}
          className="absolute left-1 flex h-11 w-11 items-center justify-center text-neutral-800 active:opacity-50"
        >
          <BackIcon />
        </button>
      )}
      <div className="flex min-w-0 flex-col items-center leading-tight">
        <div className="flex max-w-full min-w-0 items-center gap-2">
          {picture}
          <h1 className="min-w-0 truncate text-[17px] font-medium text-black">{title}</h1>
        </div>
        {/* Announced politely as it comes and goes; it takes the place of the line below while it lasts. */}
        <span aria-live="polite" className="text-[11px] text-brand-dark">
          {typing}
        </span>
        {!typing && subtitle && <span className="text-[11px] text-neutral-600">{subtitle}</span>}
        {!typing && online !== null && (
          <span className="flex items-center gap-1 text-[11px] text-neutral-500">
            <span aria-hidden="true" className={`size-1.5 rounded-full ${online ? 'bg-brand' : 'bg-neutral-400'}`} />
            {presence}
          </span>
        )}
      </div>
      {calls && (
        <div className="absolute right-11 flex items-center lg:right-12">
          <button
            type="button"
            onClick={() => callContact(contactKey, false)}
            aria-label={t('call.voiceCall')}
            className="flex h-11 w-10 items-center justify-center text-neutral-800 active:opacity-50 lg:w-11"
          >
            <svg
              viewBox="0 0 24 24"
              width="22"
              height="22"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.7"
              strokeLinejoin="round"
            >
              <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
            </svg>
          </button>
          <button
            type="button"
            onClick={() => callContact(contactKey, true)}
            aria-label={t('call.videoCall')}
            className="flex h-11 w-10 items-center justify-center text-neutral-800 active:opacity-50 lg:w-11"
          >
            <svg
              viewBox="0 0 24 24"
              width="24"
              height="24"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.7"
              strokeLinejoin="round"
            >
              <rect x="3" y="6.5" width="12.5" height="11" rx="2" />
              <path d="m15.5 10.5 5-3v9l-5-3" />
            </svg>
          </button>
        </div>
      )}
      <Link
        to={chatDetailPath(contactKey)}
        aria-label={t('chat.details')}
        className="absolute right-1 flex h-11 w-11 items-center justify-center text-neutral-800 active:opacity-50"
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="currentColor">
          <circle cx="5" cy="12" r="1.8" />
          <circle cx="12" cy="12" r="1.8" />
          <circle cx="19" cy="12" r="1.8" />
        </svg>
      </Link>
    </header>
  );
}
