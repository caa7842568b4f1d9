// One message in the thread: avatar, (in groups) the sender's name, the bubble with its quote,
// and for own messages the delivery state. Long press or right-click opens the menu.
import { memo } from 'react';
import { Avatar } from '../../../../components/ui/avatar';
import type { ChatMessage } from '../../types';
import { MessageContent } from './message-content';
import { isRecalled } from './message-rules';
import { MessageStatus } from './message-status';
import { QuoteBlock, quoteOf } from './quote-block';
import { RecallNotice } from './recall-notice';
import { useLongPress } from '../../hooks/use-long-press';

export interface MessageRowProps {
  message: ChatMessage;
  mine: boolean;
  isGroup: boolean;
  read: boolean;
  roundAvatar: boolean;
  /** Text this device can put back into the composer, for its own recalled message. */
  recallDraft: string | null;
  onMenu: (message: ChatMessage, target: HTMLElement) => void;
  onFailedTap: (message: ChatMessage) => void;
  onReedit: (text: string) => void;
  /** The quote under a message was tapped: show the quoted message. */
  onQuoteTap?: (msgId: number) => void;
}

export const MessageRow = memo(function MessageRow(props: MessageRowProps) {
  const { message, mine, isGroup, read, roundAvatar, recallDraft, onMenu, onFailedTap, onReedit, onQuoteTap } = props;
  const press = useLongPress((target) => onMenu(message, target));
  const sender = message.fromUser;
  if (isRecalled(message)) {
    return <RecallNotice mine={mine} name={sender.displayName} draft={recallDraft} onReedit={onReedit} />;
  }
  const quote = message.type === 'text' ? quoteOf(message.extends) : null;
  return (
    <div className={`flex items-start gap-2.5 px-3 py-2 ${mine ? 'flex-row-reverse' : ''}`}>
      <Avatar name={sender.displayName || '?'} src={sender.avatar || undefined} size={40} round={roundAvatar} />
      <div className={`flex min-w-0 max-w-[72%] flex-col ${mine ? 'items-end' : 'items-start'}`}>
        {isGroup && !mine && <span className="mb-1 max-w-full truncate text-[12px] text-neutral-500">{sender.displayName}</span>}
        <div className={`flex items-end gap-2 ${mine ? 'flex-row-reverse' : ''}`}>
          <div data-testid="bubble" className="min-w-0 select-none [-webkit-touch-callout:none]" {...press.handlers}>
            <MessageContent message={message} mine={mine} />
          </div>
          {mine && <MessageStatus message={message} read={read} showReceipt={!isGroup} onFailedTap={onFailedTap} />}
        </div>
        {quote && <QuoteBlock quote={quote} onOpen={onQuoteTap && quote.msg_id ? () => onQuoteTap(quote.msg_id) : undefined} />}
      </div>
    </div>
  );
});
