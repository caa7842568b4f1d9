// The web view: an outside page in a sandboxed frame (scripts and forms run, but without this
// app's origin, so it can read nothing of it), no referrer, and an "Open in browser" link that
// always shows, for the many sites that refuse to be framed. Only http(s) addresses are opened.
import { useTranslation } from '../../../lib/i18n';
import { webAddress } from '../utils/compass';

export function WebView({ url, title }: { url: string | null; title: string }) {
  const { t } = useTranslation();
  const address = webAddress(url);
  if (!address) {
    return <p role="alert" className="px-8 pt-24 text-center text-[16px] text-neutral-700">{t('webview.badAddress')}</p>;
  }
  return (
    <div className="flex h-[calc(100dvh-44px)] flex-col">
      <div className="flex items-center gap-3 border-b border-neutral-200 bg-white px-4 py-2">
        <span className="min-w-0 flex-1 truncate text-[13px] text-neutral-600">{new URL(address).host}</span>
        <a href={address} target="_blank" rel="noopener noreferrer" className="shrink-0 text-[14px] font-medium text-[#576b95] underline-offset-2 hover:underline">
          {t('webview.openInBrowser')}
        </a>
      </div>
      <iframe src={address} title={title || new URL(address).host} sandbox="allow-scripts allow-forms allow-popups" referrerPolicy="no-referrer"
        className="w-full flex-1 border-0 bg-white" />
    </div>
  );
}
