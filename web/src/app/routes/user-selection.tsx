// User selection (/pages/index/userSelection). Its one mode so far is forwarding:
// ?mode=forward&msg=<msg_id>&from=<contact> picks 1–5 chats, sends, and goes back.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { showToast } from '../../components/ui/toast';
import { TopBar } from '../../components/ui/top-bar';
import { forwardMessage, ForwardPicker, sortContacts, useChatState } from '../../features/chat';

export default function UserSelectionScreen() {
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
        <ForwardPicker contacts={sortContacts(contacts)} current={from} busy={busy} onConfirm={(targets) => void confirm(targets)} />
      ) : (
        <p className="px-10 pt-28 text-center text-[14px] text-neutral-400">{t('chat.forward.nothing')}</p>
      )}
    </main>
  );
}
