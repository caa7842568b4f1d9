// A voice message: a bubble whose width grows with the duration, the sound-wave mark (animated
// while playing) and the length in seconds. Only one voice plays at a time.
import { useTranslation } from '@web/lib/i18n';

import type { ChatMessage } from '../../types';
import { BubbleFrame } from './bubble-frame';
import { mediaSrc } from './message-display-rules';
import { toggleVoice, useIsPlaying } from './voice-player';

export const voiceSeconds = (m: ChatMessage) =>
  Math.max(1, Math.round(Number(m.extends?.duration ?? m.file?.duration ?? 0)) || 1);

export function VoiceBubble({ message, mine }: { message: ChatMessage; mine: boolean }) {
  const { t } = useTranslation();
  const playing = useIsPlaying(message.id);
  const seconds = voiceSeconds(message);
  const src = mediaSrc(message);
  const width = Math.min(210, 72 + seconds * 4);
  return (
    <button
      type="button"
      onClick={() => src && toggleVoice(message.id, src)}
      style={{ width }}
      aria-label={t(playing ? 'chat.voice.pause' : 'chat.voice.play', { seconds })}
      aria-pressed={playing}
      className="block text-left"
    >
      <BubbleFrame mine={mine} className={`flex items-center gap-1.5 ${mine ? 'flex-row-reverse' : ''}`}>
        <WaveIcon playing={playing} mirrored={mine} />
        <span className="text-[15px]">{seconds}″</span>
      </BubbleFrame>
    </button>
  );
}

function WaveIcon({ playing, mirrored }: { playing: boolean; mirrored: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      className={`${mirrored ? '-scale-x-100' : ''} ${playing ? 'animate-pulse' : ''}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <circle cx="5" cy="12" r="1.6" fill="currentColor" stroke="none" />
      <path d="M9.5 8.5a5 5 0 0 1 0 7" />
      <path d="M13.5 5.5a9.5 9.5 0 0 1 0 13" />
    </svg>
  );
}
