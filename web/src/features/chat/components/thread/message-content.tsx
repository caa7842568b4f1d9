// Picks the bubble for a message's type; unknown types say so instead of guessing.
import { useTranslation } from '../../../../lib/i18n';
import type { ChatMessage } from '../../types';
import { FileBubble } from './file-bubble';
import { ImageBubble, VideoBubble } from './media-bubbles';
import { EmojiBubble, TextBubble } from './text-bubble';
import { VoiceBubble } from './voice-bubble';

export function MessageContent({ message, mine }: { message: ChatMessage; mine: boolean }) {
  const { t } = useTranslation();
  switch (message.type) {
    case 'text':
      return <TextBubble text={message.content} mine={mine} />;
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
    default:
      return <TextBubble text={t('error.unsupportedMessage')} mine={mine} />;
  }
}
