// React bindings of the chat store.
import { useEffect } from 'react';

import { chatStore } from '../state/chat-store';
import type { ChatState } from '../types';

/** Subscribes to a slice of the chat state; the selector must return a stable value for equal input. */
export function useChatState<T>(select: (state: ChatState) => T): T {
  return chatStore.use(select);
}

/** Marks a chat as the one on screen, so incoming messages there count as read. */
export function useOpenChat(key: string): void {
  useEffect(() => {
    void chatStore.openChat(key);
    return () => chatStore.closeChat(key);
  }, [key]);
}
