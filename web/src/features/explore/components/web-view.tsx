// The web view: a page the explore tab lists, in a sandboxed frame (scripts and forms run, but
// without this app's origin, so it can read nothing of it), no referrer, and an "Open in browser"
// link that always shows, for the many sites that refuse to be framed. Any other http(s) address
// (a crafted link) is shown as text with "Open in browser", never framed under this app's name.
import { useTranslation } from '@web/lib/i18n';

import { type CompassLink, webAddress } from '../utils/compass';

const OPEN_LINK = 'shrink-0 text-[14px] font-medium text-[#576b95] underline-offset-2 hover:underline';

/** `link`: the explore tab's entry for `url` (listedWebLink), null when it lists none. */
export function WebView({ url, link }: { url: string | null; link: CompassLink | null }) {
  const { t } = useTranslation();
  const address = webAddress(url);
  if (!address) {
    return (
      <p role="alert" className="px-8 pt-24 text-center text-[16px] text-neutral-700">
        {t('webview.badAddress')}
      </p>
    );
  }
  if (!link) {
    return (
      <div className="px-8 pt-24 text-center">
        <p role="alert" className="text-[16px] text-neutral-700">
          {t('webview.notListed')}
        </p>
        <p className="mt-3 break-all text-[14px] text-neutral-500">{address}</p>
        <a href={address} target="_blank" rel="noopener noreferrer" className={`mt-4 inline-block ${OPEN_LINK}`}>
          {t('webview.openInBrowser')}
        </a>
      </div>
    );
  }
  return (
    <div className="flex h-[calc(100dvh-44px)] flex-col">
      <div className="flex items-center gap-3 border-b border-neutral-200 bg-white px-4 py-2">
        <span className="min-w-0 flex-1 truncate text-[13px] text-neutral-600">{new URL(address).host}</span>
        <a href={address} target="_blank" rel="noopener noreferrer" className={OPEN_LINK}>
          {t('webview.openInBrowser')}
        </a>
      </div>
      <iframe
        src={address}
        title={link.name}
        sandbox="allow-scripts allow-forms allow-popups"
        referrerPolicy="no-referrer"
        className="w-full flex-1 border-0 bg-white"
      />
    </div>
  );
}
