// One message found in a chat's history: sender, time and the text with the words marked,
// or the media placeholder (and file name) for other types.
import { previewText } from '@protocol/preview-text';
import { Avatar } from '@web/components/ui/avatar';
import { HighlightText } from '@web/components/ui/highlight-text';
import { useTranslation } from '@web/lib/i18n';
import { shownName } from '@web/lib/person-name';
import { formatChatListTime } from '@web/utils/chat-list-time';

import { TEXT_MAX } from '../../config/chat-config';
import type { ChatMessage } from '../../types';
import { typePlaceholder } from '../chat-list/chat-preview';

export function HistoryResult({
  message,
  query,
  now,
  onOpen,
}: {
  message: ChatMessage;
  query: string;
  now: Date;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const placeholder = typePlaceholder(message.type, t);
  return (
    <li>
      <button type="button" onClick={onOpen} className="flex w-full gap-3 pt-3 pl-4 text-left active:bg-neutral-100">
        <Avatar name={shownName(message.fromUser.displayName)} src={message.fromUser.avatar || undefined} size={36} />
        <span className="flex min-w-0 flex-1 flex-col gap-1 border-b border-black/5 pr-4 pb-3">
          <span className="flex items-baseline gap-2 text-[13px] text-neutral-400">
            <span className="min-w-0 flex-1 truncate">{shownName(message.fromUser.displayName)}</span>
            <span className="shrink-0">{formatChatListTime(new Date(message.sendTime), now, t)}</span>
          </span>
          <span className="line-clamp-2 text-[15px] wrap-anywhere text-neutral-900">
            {placeholder ? (
              `${placeholder}${message.fileName ? ` ${message.fileName}` : ''}`
            ) : (
              <HighlightText text={previewText(message.content, TEXT_MAX)} query={query} />
            )}
          </span>
        </span>
      </button>
    </li>
  );
}
