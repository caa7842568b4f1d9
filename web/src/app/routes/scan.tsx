// Scan: a card QR code from the camera or a picture.
import { Page } from '../../components/ui/page';
import { QrScanner } from '../../features/scan';
import { useTranslation } from '../../lib/i18n';

export default function ScanScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('route.scan')}>
      <QrScanner />
    </Page>
  );
}
