// The chat screen (/pages/message/chat?id=<contact>, with &msg=<msg_id> to open at a message):
// top bar, the virtualized thread and the composer, plus the overlays the thread opens
// (long-press menu, action sheet, image preview). Files dropped on it are sent, once confirmed.
import { useCallback, useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PATHS } from '../../config/paths';
import { Composer } from '../../features/chat/components/composer/composer';
import { sendDropped } from '../../features/chat/components/composer/send-picked';
import { ActionSheetHost } from '../../features/chat/components/thread/action-sheet';
import { chatConfig } from '../../features/chat/config/chat-config';
import { ChatTopBar } from '../../features/chat/components/thread/chat-top-bar';
import { ImagePreviewHost } from '../../features/chat/components/thread/image-preview';
import { MessageList } from '../../features/chat/components/thread/message-list';
import { MessageMenuHost } from '../../features/chat/components/thread/message-menu';
import { useMessageActions } from '../../features/chat/components/thread/use-message-actions';
import { stopVoice } from '../../features/chat/components/thread/voice-player';
import { useChatState, useOpenChat } from '../../features/chat/hooks/use-chat';
import { useFileDrop } from '../../features/chat/hooks/use-file-drop';
import { chatStore } from '../../features/chat/state/chat-store';
import { thread } from '../../features/chat/state/thread-ops';
import { isGroupKey, keyOf } from '../../features/chat/types';
import { useAppSetting } from '../../features/settings/hooks/use-app-setting';
import { useTranslation } from '../../lib/i18n';

export default function ChatScreen() {
  const [params] = useSearchParams();
  const key = params.get('id');
  // A search hit opens the chat at that message (msg_id) instead of the newest.
  const focusId = Number(params.get('msg')) || undefined;
  if (!key) return <Navigate to={PATHS.home} replace />;
  // A new key is a new chat: fresh scroll position, composer and overlays.
  return <ChatView key={`${key}@${focusId ?? ''}`} contactKey={key} focusId={focusId} />;
}

function ChatView({ contactKey, focusId }: { contactKey: string; focusId?: number }) {
  useOpenChat(contactKey);
  const contact = useChatState((s) => s.contacts.find((c) => keyOf(c.id) === contactKey));
  const current = useChatState((s) => thread(s, contactKey));
  const me = useChatState((s) => s.me);
  const [config] = useState(chatConfig);
  const { circleAvatar: roundAvatar } = useAppSetting();
  const actions = useMessageActions(contactKey, me, config.redoSeconds);
  const loadOlder = useCallback(() => chatStore.loadOlder(contactKey), [contactKey]);
  useEffect(() => stopVoice, []);
  const { t } = useTranslation();
  const drop = useFileDrop((files) => void sendDropped(contactKey, files, t));

  const isGroup = Boolean(contact?.is_group) || isGroupKey(contactKey);
  const online = !isGroup && config.showOnline && contact ? Boolean(contact.is_online) : null;
  return (
    <div className="relative flex h-dvh flex-col bg-[#ededed]" {...drop.handlers}>
      <ChatTopBar contactKey={contactKey} title={contact?.displayName ?? ''} online={online} />
      <MessageList thread={current} me={me} isGroup={isGroup} roundAvatar={roundAvatar} redoSeconds={config.redoSeconds}
        loadOlder={loadOlder} focusId={focusId} onMenu={actions.onMenu} onFailedTap={actions.onFailedTap} onReedit={actions.onReedit} />
      <Composer contactKey={contactKey} />
      <MessageMenuHost onAction={actions.onAction} />
      <ActionSheetHost />
      <ImagePreviewHost messages={current.messages} />
      {drop.dragging && (
        <div className="pointer-events-none absolute inset-2 z-30 flex items-center justify-center rounded-lg border-2 border-dashed border-brand bg-white/85 text-[15px] text-neutral-700">
          {t('chat.pick.dropHere')}
        </div>
      )}
    </div>
  );
}
