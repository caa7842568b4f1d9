// Picks the bubble for a message's type; unknown types say so instead of guessing.
import { useTranslation } from '@web/lib/i18n';

import { emojiOnlyCount } from '../../emoji/emoji-only';
import type { ChatMessage } from '../../types';
import { CallRecordBubble } from './call-record-bubble';
import { FileBubble } from './file-bubble';
import { ImageBubble, VideoBubble } from './media-bubbles';
import type { MetaPlacement } from './message-meta';
import { type BubbleMentions, EmojiBubble, TextBubble } from './text-bubble';
import { VoiceBubble } from './voice-bubble';

export function MessageContent({
  message,
  mine,
  mentions,
}: {
  message: ChatMessage;
  mine: boolean;
  mentions?: BubbleMentions;
}) {
  const { t } = useTranslation();
  switch (message.type) {
    case 'text':
      return (
        <TextBubble
          text={message.content}
          mine={mine}
          mentions={mentions}
          edited={Number(message.extends?.edited ?? 0) > 0}
        />
      );
    case 'emoji':
      return <EmojiBubble emoji={message.content} />;
    case 'image':
      return <ImageBubble message={message} />;
    case 'voice':
      return <VoiceBubble message={message} mine={mine} />;
    case 'video':
      return <VideoBubble message={message} />;
    case 'file':
      return <FileBubble message={message} />;
    case 'webrtc':
      return <CallRecordBubble message={message} mine={mine} />;
    default:
      return <TextBubble text={t('error.unsupportedMessage')} mine={mine} />;
  }
}

/** Where the message's time goes: a text or call bubble's corner, over a photo's corner, or under other bubbles. */
export function metaPlacement(message: ChatMessage): MetaPlacement {
  switch (message.type) {
    case 'image':
      return 'overlay';
    case 'text':
      return emojiOnlyCount(message.content) > 0 ? 'under' : 'inside';
    case 'webrtc':
      return 'inside';
    case 'emoji':
    case 'voice':
    case 'video':
    case 'file':
      return 'under';
    default:
      // The "unsupported message" text bubble.
      return 'inside';
  }
}
