// A person's page (spec §2 /pages/contacts/detail?id=<user id>, or ?qr=<card token> from a scanned
// card or a phone camera's link: the server redirects it here and the page resolves the token).
import { useSearchParams } from 'react-router';
import { Page } from '../../components/ui/page';
import { ContactDetail } from '../../features/contacts';
import { useTranslation } from '../../lib/i18n';

export default function ContactDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <Page title={t('route.contactDetail')}>
      <div className="mx-auto min-h-dvh w-full max-w-[640px] pb-6">
        <ContactDetail key={params.toString()} id={params.get('id')} qr={params.get('qr')} />
      </div>
    </Page>
  );
}
