// The address book tab (spec §2): in run mode 1 every user is a contact.
import { useTranslation } from '../../lib/i18n';
import { TopBar } from '../../components/ui/top-bar';
import { ContactDirectory } from '../../features/chat/components/contacts/contact-directory';
import { useAppSetting } from '../../features/settings/hooks/use-app-setting';

export default function ContactsScreen() {
  const { t } = useTranslation();
  const { circleAvatar } = useAppSetting();
  return (
    <div className="min-h-[calc(100dvh-50px)] bg-page">
      <TopBar title={t('route.contacts')} showBack={false} />
      <ContactDirectory roundAvatar={circleAvatar} />
    </div>
  );
}
