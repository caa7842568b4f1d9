// The address book tab (spec §2): in run mode 1 every user is a contact. Its people are the chat
// list's one-to-one rows (getContacts sends each person's card with the chat: account, index
// letter); groups get a page of their own later. Tapping someone opens the chat with them.
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { TopBar } from '../../components/ui/top-bar';
import { chatPath, keyOf, useChatState } from '../../features/chat';
import { ContactDirectory, type Person } from '../../features/contacts';
import { useAppSetting } from '../../features/settings';

export default function ContactsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { circleAvatar } = useAppSetting();
  const contacts = useChatState((s) => s.contacts);
  const loaded = useChatState((s) => s.contactsLoaded);
  const people = useMemo(() => contacts.filter((c) => !c.is_group), [contacts]);
  const open = (person: Person) => void navigate(chatPath(keyOf(person.id)));
  return (
    <div className="min-h-[calc(100dvh-50px)] bg-page">
      <TopBar title={t('route.contacts')} showBack={false} />
      <main>
        <ContactDirectory people={people} loaded={loaded} roundAvatar={circleAvatar} onOpen={open} />
      </main>
    </div>
  );
}
