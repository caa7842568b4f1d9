// A person's page (the original's /pages/contacts/detail?id=<user id>, or ?qr=<card token> from a scanned
// card or a phone camera's link: the server redirects it here and the page resolves the token).
// Opened from a chat on a wide screen, a panel beside that chat.
import { useSearchParams } from 'react-router';

import { ContactDetail } from '../../features/contacts';
import { useTranslation } from '../../lib/i18n';
import { PanelPage } from '../panel-page';

export default function ContactDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <PanelPage title={t('route.contactDetail')}>
      <div className="mx-auto min-h-dvh w-full max-w-[640px] pb-6">
        <ContactDetail key={params.toString()} id={params.get('id')} qr={params.get('qr')} />
      </div>
    </PanelPage>
  );
}
