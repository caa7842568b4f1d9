// Tells the chat's other side that I am typing: `typing: true` at most once every
// TYPING_RENEW_MS while the text changes, `typing: false` once it is sent or cleared and when I
// leave the chat. Over the open socket only (nothing is queued while it is down), and not at all
// while the server keeps presence off (chatInfo.online).
import { useEffect, useRef } from 'react';

import { TYPING_EXPIRE_MS, TYPING_RENEW_MS } from '@protocol/socket';
import { realtime } from '@web/lib/realtime';

import { chatConfig } from '../config/chat-config';

const tell = (contactKey: string, typing: boolean) =>
  realtime.send({ type: 'typing', toContactId: contactKey, typing });

export function useTypingSignal(contactKey: string, text: string): void {
  /** When `typing: true` last went out for this chat; 0 when the other side has been told I stopped. */
  const sentAt = useRef(0);
  const telling = () => sentAt.current > 0 && Date.now() - sentAt.current < TYPING_EXPIRE_MS;

  useEffect(() => {
    if (!chatConfig().showOnline) return;
    const now = Date.now();
    if (text.trim() === '') {
      if (telling()) tell(contactKey, false);
      sentAt.current = 0;
    } else if (now - sentAt.current >= TYPING_RENEW_MS && tell(contactKey, true)) {
      sentAt.current = now;
    }
  }, [contactKey, text]);

  useEffect(
    () => () => {
      if (telling()) tell(contactKey, false);
      sentAt.current = 0;
    },
    [contactKey],
  );
}
