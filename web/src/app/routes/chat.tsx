// The chat screen (/pages/message/chat?id=<contact>, with &msg=<msg_id> to open at a message):
// top bar, the virtualized thread and the composer, plus the overlays the thread opens
// (long-press menu, action sheet, image preview). Files dropped on it are sent, once confirmed.
// From 1024 px it is the middle pane of the messages layout, beside the chat list.
import { useCallback, useContext, useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';

import { isGroupContact } from '@protocol/ids';

import { PATHS } from '../../config/paths';
import {
  ActionSheetHost,
  chatStore,
  ChatTopBar,
  Composer,
  ImagePreviewHost,
  keyOf,
  MessageList,
  MessageMenuHost,
  ReactionNews,
  ReactionPickerHost,
  sendDropped,
  stopVoice,
  thread,
  typingText,
  useChatConfig,
  useChatState,
  useFileDrop,
  useMessageActions,
  useOpenChat,
  useTypingIn,
} from '../../features/chat';
import {
  GroupChatPicture,
  useCanOpenProfiles,
  useMemberCountText,
  useMemberNames,
  useMentionCandidates,
  useSpeakBlock,
} from '../../features/groups';
import { useTranslation } from '../../lib/i18n';
import { InsideMain, ScreenMain } from '../wide-screen';

const GONE_NOTICE = {
  removed: 'groups.goneNotice.removed',
  left: 'groups.goneNotice.left',
  dissolved: 'groups.goneNotice.dissolved',
} as const;

/** `chatKey`: the chat the messages layout keeps beside a panel (wide screens); else the address's `id`. */
export default function ChatScreen({ chatKey }: { chatKey?: string }) {
  const [params] = useSearchParams();
  const key = chatKey ?? params.get('id');
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
  const config = useChatConfig();
  const actions = useMessageActions(contactKey, me, config.redoSeconds);
  const loadOlder = useCallback(() => chatStore.loadOlder(contactKey), [contactKey]);
  useEffect(() => stopVoice, []);
  const { t } = useTranslation();
  const drop = useFileDrop((files) => void sendDropped(contactKey, files, t));

  const isGroup = Boolean(contact?.is_group) || isGroupContact(contactKey);
  // A group I am out of (removed, left, dissolved): read-only, and nothing asks the server about it.
  const gone = isGroup ? contact?.gone : undefined;
  const listLoaded = useChatState((s) => s.contactsLoaded);
  const groupKey = isGroup && listLoaded && !gone ? contactKey : null;
  // Without a connection (this device offline) nobody's presence is known: none is shown.
  const connected = useChatState((s) => s.socket !== 'failed');
  const online =
    !isGroup && config.showOnline && connected && contact && !contact.is_deleted ? Boolean(contact.is_online) : null;
  // A group: its member count under the name, and why I cannot write when a mute says so.
  const memberCount = useMemberCountText(groupKey, me);
  const blocked = useSpeakBlock(groupKey, me);
  const mentions = useMentionCandidates(groupKey, me);
  const openProfiles = useCanOpenProfiles(groupKey, me);
  const nameOf = useMemberNames(groupKey, me);
  const typing = typingText(useTypingIn(contactKey), isGroup, nameOf ?? (() => undefined), t);
  const navigate = useNavigate();
  const onAvatarTap = useCallback((userId: number) => void navigate(`${PATHS.contactDetail}?id=${userId}`), [navigate]);
  const besideList = useContext(InsideMain);
  return (
    <ScreenMain className="relative flex h-dvh flex-col bg-[#ededed]" {...drop.handlers}>
      <ChatTopBar
        contactKey={contactKey}
        title={contact?.displayName ?? ''}
        online={online}
        subtitle={memberCount}
        picture={groupKey ? <GroupChatPicture groupKey={groupKey} me={me} /> : undefined}
        back={!besideList}
        typing={typing}
      />
      <MessageList
        thread={current}
        me={me}
        isGroup={isGroup}
        redoSeconds={config.redoSeconds}
        loadOlder={loadOlder}
        focusId={focusId}
        onAvatarTap={openProfiles ? onAvatarTap : undefined}
        nameOf={nameOf}
        onMenu={actions.onMenu}
        onFailedTap={actions.onFailedTap}
        onReedit={actions.onReedit}
        onReact={actions.onReact}
      />
      {contact?.removed && !isGroup && (
        <p role="status" className="bg-white px-4 py-2 text-center text-[13px] text-neutral-600">
          {t('people.detail.notFriendNotice')}
        </p>
      )}
      <Composer
        contactKey={contactKey}
        blocked={
          gone
            ? t(GONE_NOTICE[gone])
            : contact?.removed && isGroup
              ? t('groups.gone')
              : contact?.is_deleted
                ? t('chat.deletedNotice')
                : blocked
        }
        mentions={mentions}
      />
      <MessageMenuHost onAction={actions.onAction} onReact={(emoji, message) => actions.onReact(message, emoji)} />
      <ReactionPickerHost onReact={(emoji, message) => actions.onReact(message, emoji)} />
      <ReactionNews messages={current.messages} me={me} nameOf={nameOf} />
      <ActionSheetHost />
      <ImagePreviewHost messages={current.messages} />
      {drop.dragging && (
        <div className="pointer-events-none absolute inset-2 z-30 flex items-center justify-center rounded-lg border-2 border-dashed border-brand bg-white/85 text-[15px] text-neutral-700">
          {t('chat.pick.dropHere')}
        </div>
      )}
    </ScreenMain>
  );
}
