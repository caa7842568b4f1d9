// The contact search page (the original's /pages/contacts/search): find a person by account and add them.
import { Page } from '../../components/ui/page';
import { ContactSearch } from '../../features/contacts';
import { useTranslation } from '../../lib/i18n';

export default function ContactSearchScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('route.contactSearch')}>
      <div className="mx-auto min-h-dvh w-full max-w-[640px] pb-6">
        <ContactSearch />
      </div>
    </Page>
  );
}
