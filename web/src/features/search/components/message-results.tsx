// Search results: matching messages grouped by chat, newest first within each, with the
// words highlighted; a chat with many hits shows a few until expanded.
import { useState } from 'react';

import { TEXT_MESSAGE_MAX } from '@protocol/limits';
import { previewText } from '@protocol/preview-text';
import { HighlightText } from '@web/components/ui/highlight-text';
import { useTranslation } from '@web/lib/i18n';
import { shownName } from '@web/lib/person-name';
import { formatChatListTime } from '@web/utils/chat-list-time';

import { ChatAvatar, keyOf } from '../../chat';
import type { ChatHits } from '../hooks/use-message-search';

const FOLDED_HITS = 3;

function ChatHitGroup({
  hits,
  query,
  onOpen,
}: {
  hits: ChatHits;
  query: string;
  onOpen: (key: string, msgId?: number) => void;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const { contact, messages } = hits;
  const shown = expanded ? messages : messages.slice(0, FOLDED_HITS);
  const now = new Date();
  return (
    <li className="border-b border-black/5 py-2 pl-4">
      <div className="flex items-center gap-2 pb-1">
        <ChatAvatar contact={contact} size={24} />
        <span className="truncate text-[14px] font-medium text-neutral-700">{contact.displayName}</span>
      </div>
      <ul>
        {shown.map((m) => (
          <li key={m.id}>
            <button
              type="button"
              onClick={() => onOpen(keyOf(contact.id), m.msg_id)}
              className="flex w-full items-baseline gap-3 py-1.5 pr-4 pl-8 text-left active:bg-neutral-100"
            >
              <span className="min-w-0 flex-1 truncate text-[15px] text-neutral-800">
                {m.fromUser.id !== contact.id && contact.is_group ? `${shownName(m.fromUser.displayName)}: ` : ''}
                <HighlightText text={previewText(m.content, TEXT_MESSAGE_MAX)} query={query} />
              </span>
              <span className="shrink-0 text-[12px] text-neutral-400">
                {formatChatListTime(new Date(m.sendTime), now, t)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {messages.length > shown.length && (
        <button type="button" onClick={() => setExpanded(true)} className="py-1 pl-8 text-[14px] text-[#576b95]">
          {t('search.moreHits', { count: messages.length - shown.length })}
        </button>
      )}
    </li>
  );
}

interface MessageResultsProps {
  hits: ChatHits[];
  query: string;
  onOpen: (key: string, msgId?: number) => void;
}

export function MessageResults({ hits, query, onOpen }: MessageResultsProps) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('search.messages')} className="mt-2 bg-white">
      <h2 className="px-4 pt-3 pb-1 text-[13px] text-neutral-500">{t('search.messages')}</h2>
      <ul>
        {hits.map((h) => (
          <ChatHitGroup key={keyOf(h.contact.id)} hits={h} query={query} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}
