// A call record in the thread: a phone or camera icon and the outcome from my side of the call
// ("Outgoing video call", "Missed voice call", "Declined", the duration…).
// Tapping it calls the other person back, with the same kind of call. Its time sits in its
// corner, as a text bubble's does.
import { CALL_CODE } from '@protocol/calls';
import { recordOf, recordText, startCall, useCallsEnabled } from '@web/features/calls';
import { useTranslation } from '@web/lib/i18n';

import { chatStore } from '../../state/chat-store';
import { type ChatMessage, keyOf } from '../../types';
import { BubbleFrame } from './bubble-frame';
import { MetaRoom } from './message-meta';

const MISSED = new Set<number>([CALL_CODE.cancelled, CALL_CODE.missed, CALL_CODE.busy]);

function CallKindIcon({ video }: { video: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="shrink-0"
    >
      {video ? (
        <>
          <rect x="3" y="6.5" width="12.5" height="11" rx="2" />
          <path d="m15.5 10.5 5-3v9l-5-3" />
        </>
      ) : (
        <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
      )}
    </svg>
  );
}

export function CallRecordBubble({ message, mine }: { message: ChatMessage; mine: boolean }) {
  const { t } = useTranslation();
  const record = recordOf(message.extends);
  const video = record.type === 1;
  const text = recordText(record, mine, t);
  // A call I missed reads in red, as phones show them.
  const missed = !mine && MISSED.has(record.code);
  const calls = useCallsEnabled();
  const peerId = Number(mine ? message.toContactId : message.fromUser.id);
  const callBack = () => {
    const contact = chatStore.contact(keyOf(peerId));
    startCall(
      {
        id: peerId,
        name: contact?.displayName ?? message.fromUser.displayName,
        avatar: contact?.avatar ?? (mine ? '' : message.fromUser.avatar),
      },
      video,
    );
  };
  const content = (
    <span className="flex items-center gap-2">
      {mine ? (
        <>
          {text}
          <CallKindIcon video={video} />
        </>
      ) : (
        <>
          <CallKindIcon video={video} />
          {text}
        </>
      )}
      <MetaRoom mine={mine} />
    </span>
  );
  return (
    <BubbleFrame mine={mine} className={missed ? 'text-danger' : ''}>
      {calls ? (
        <button
          type="button"
          onClick={callBack}
          aria-label={`${text}. ${video ? t('call.record.callBackVideo') : t('call.record.callBackVoice')}`}
          className="block text-left outline-none focus-visible:underline"
        >
          {content}
        </button>
      ) : (
        content
      )}
    </BubbleFrame>
  );
}
