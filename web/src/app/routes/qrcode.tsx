// My QR code: others scan it to find me.
import { Page } from '../../components/ui/page';
import { MyQrCard } from '../../features/qr';
import { useTranslation } from '../../lib/i18n';

export default function QrCodeScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('route.qrcode')}>
      <MyQrCard />
    </Page>
  );
}
