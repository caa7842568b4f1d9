// User selection (/pages/index/userSelection): forwarding (?mode=forward&msg=<msg_id>&from=<contact>
// picks 1–5 chats, sends, and goes back), creating a group (?mode=group: pick people, name it, then
// the chat opens) and adding people to one (?mode=addMembers&id=group-N).
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { groupIdOf } from '@protocol/ids';

import { showToast } from '../../components/ui/toast';
import { TopBar } from '../../components/ui/top-bar';
import { chatPath, forwardMessage, ForwardPicker, sortContacts, useChatState } from '../../features/chat';
import { AddMembers, CreateGroup } from '../../features/groups';
import { reloadChatList } from '../../lib/chat-list-reload';
import { useTranslation } from '../../lib/i18n';

export default function UserSelectionScreen() {
  const mode = useSearchParams()[0].get('mode');
  if (mode === 'group') return <GroupSelection />;
  if (mode === 'addMembers') return <MemberSelection />;
  return <ForwardSelection />;
}

function GroupSelection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="min-h-dvh bg-page">
      <TopBar title={t('groups.create.title')} />
      <CreateGroup
        onCreated={(card) => {
          // Its row comes with the addGroup frame too; the list is asked now so the chat has its name at once.
          void reloadChatList();
          void navigate(chatPath(card.id), { replace: true });
        }}
      />
    </main>
  );
}

function MemberSelection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const key = useSearchParams()[0].get('id') ?? '';
  return (
    <main className="min-h-dvh bg-page">
      <TopBar title={t('groups.add.title')} />
      {groupIdOf(key) !== null ? (
        <AddMembers groupKey={key} onDone={() => void navigate(-1)} />
      ) : (
        <p className="px-10 pt-28 text-center text-[14px] text-neutral-500">{t('groups.gone')}</p>
      )}
    </main>
  );
}

function ForwardSelection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const msgId = Number(params.get('msg'));
  const from = params.get('from') ?? '';
  const contacts = useChatState((s) => s.contacts);
  const [busy, setBusy] = useState(false);
  const valid = params.get('mode') === 'forward' && Number.isInteger(msgId) && msgId > 0 && from !== '';

  const confirm = async (targets: string[]) => {
    setBusy(true);
    try {
      await forwardMessage(msgId, from, targets);
      showToast(t('chat.forward.done'));
      void navigate(-1);
    } catch {
      // The API client has told the user why; they may try again.
      setBusy(false);
    }
  };

  return (
    <main className="flex h-dvh flex-col bg-page">
      <TopBar title={t('chat.forward.title')} />
      {valid ? (
        <ForwardPicker
          contacts={sortContacts(contacts)}
          current={from}
          busy={busy}
          onConfirm={(targets) => void confirm(targets)}
        />
      ) : (
        <p className="px-10 pt-28 text-center text-[14px] text-neutral-400">{t('chat.forward.nothing')}</p>
      )}
    </main>
  );
}
