// Who is typing: the live store, the words for it, and the composer's signal.
export { typingStore, useTypingIn } from './typing-store';
export { typingText } from './typing-text';
export { useTypingSignal } from './use-typing-signal';
