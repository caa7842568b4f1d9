// The browser tab's title carries the unread total, "(3) Parley", as the messages tab's badge
// does (muted chats left out), so a tab in the background shows that something came in.
import { useEffect } from 'react';

import { badgeText } from '@web/components/ui/badge';

import { totalUnread } from '../state/thread-ops';
import { useChatState } from './use-chat';

/** The title without a count: whatever index.html (or an operator) named the app. */
const baseTitle = () => document.title.replace(/^\(\d+\+?\) /, '');

export const unreadTitle = (base: string, unread: number) => (unread > 0 ? `(${badgeText(unread)}) ${base}` : base);

export function useUnreadTitle(): void {
  const unread = useChatState((s) => totalUnread(s.contacts));
  useEffect(() => {
    document.title = unreadTitle(baseTitle(), unread);
  }, [unread]);
  // Signed out: no count left behind for the next person.
  useEffect(() => () => void (document.title = baseTitle()), []);
}
