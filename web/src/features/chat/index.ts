// The chat feature's public face: what the screens in app/ and the search feature use. Everything
// else under features/chat is its own business (tests/web/import-boundaries.test.ts keeps it so).

// Data and addresses
export { forwardMessage, searchHistory } from './api/chat-api';
export { sendChatRequestsEarly } from './api/first-requests';
export { chatConfig, useChatConfig } from './config/chat-config';
export type { ChatMessage, Contact } from './types';
export { chatPath, keyOf } from './types';

// The store and its React bindings
export { useChatState, useOpenChat } from './hooks/use-chat';
export { useChatAlerts } from './hooks/use-chat-alerts';
export { useFileDrop } from './hooks/use-file-drop';
export { useUnreadTitle } from './hooks/use-unread-title';
export type { CallOutcome } from './state/call-record';
export { chatStore } from './state/chat-store';
export { sortContacts, thread, totalUnread } from './state/thread-ops';
export { typingStore, typingText, useTypingIn } from './typing';

// The chat list
export { ChatList } from './components/chat-list/chat-list';
export { HomeTopBar } from './components/chat-list/home-top-bar';
export { SocketNotice } from './components/chat-list/socket-notice';

// The chat screen: thread, composer and their overlays
export { ChatAvatar } from './components/chat-avatar';
export { typePlaceholder } from './components/chat-list/chat-preview';
export { Composer } from './components/composer/composer';
export { sendDropped } from './components/composer/send-picked';
export { ActionSheetHost } from './components/thread/action-sheet';
export { ChatTopBar } from './components/thread/chat-top-bar';
export { humanSize } from './components/thread/human-size';
// Loaded on first use: the image preview, the long-press menu, the reaction picker.
export { ImagePreviewHost, MessageMenuHost, ReactionPickerHost } from './components/thread/lazy-hosts';
export { MessageList } from './components/thread/message-list';
export { ReactionNews } from './components/thread/reaction-news';
export { useMessageActions } from './components/thread/use-message-actions';
export { stopVoice } from './components/thread/voice-player';
export { groupEventText, systemLineOf } from './utils/group-event-text';

// The detail page and forwarding
export { ChatDetailView } from './components/detail/chat-detail-view';
export { ForwardPicker } from './components/forward/forward-picker';
