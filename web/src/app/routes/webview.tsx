// Web view: an outside page from the explore tab (?url=…&title=…).
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { Page } from '../../components/ui/page';
import { WebView } from '../../features/explore';

export default function WebViewScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const title = params.get('title')?.trim() ?? '';
  return (
    <Page title={title || t('route.webview')}>
      <WebView url={params.get('url')} title={title} />
    </Page>
  );
}
