// Web view: a page the explore tab lists (?url=…); its title is the link's name from the
// configuration, never the `title` a crafted link carries.
import { useSearchParams } from 'react-router';

import { Page } from '../../components/ui/page';
import { listedWebLink, WebView } from '../../features/explore';
import { useTranslation } from '../../lib/i18n';
import { useSystemInfo } from '../../lib/system-info';

export default function WebViewScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const url = params.get('url');
  const link = listedWebLink(useSystemInfo(), url);
  return (
    <Page title={link?.name || t('route.webview')}>
      <WebView url={url} link={link} />
    </Page>
  );
}
