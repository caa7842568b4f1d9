// The upgrade popup (spec route uni-upgrade-center-app/pages/upgrade-popup): a new version of the
// app is waiting. Over whatever page is open, on a see-through backdrop, it fades in over 200 ms
// and never scrolls; Update applies it (the page reloads once the outbox is saved), Later keeps
// this version until the next start; below the server's minimum version there is no Later.
// Loaded by the app shell only when a version waits.
import { useId, useState } from 'react';

import { applyUpdate, appUpdate, putOffUpdate } from '../lib/app-update/store';
import { useTranslation } from '../lib/i18n';
import { useEscapeKey } from '../lib/use-escape-key';

interface Props {
  onUpdate: () => Promise<void>;
  onLater: () => void;
  /** The server no longer supports this version (sysInfo.minVersion): no Later. */
  forced?: boolean;
}

export function UpgradePopup({ onUpdate, onLater, forced = false }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const [updating, setUpdating] = useState(false);
  useEscapeKey(updating || forced ? null : onLater);
  const update = () => {
    setUpdating(true);
    // A failed switch (the worker went away) leaves this version running: the popup offers it again.
    onUpdate().catch(() => setUpdating(false));
  };
  return (
    <div className="fade-in fixed inset-0 z-50 flex touch-none items-center justify-center overflow-hidden overscroll-none bg-black/30 px-10">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        className="w-full max-w-xs overflow-hidden rounded-xl bg-white text-center"
      >
        <h2 id={titleId} className="px-5 pt-6 text-[17px] font-medium text-neutral-900">
          {t('update.title')}
        </h2>
        <p id={bodyId} className="px-5 pt-2 pb-6 text-[14px] leading-relaxed text-neutral-600">
          {t(forced ? 'update.forcedBody' : 'update.body')}
        </p>
        <div className="flex flex-col gap-2 px-5 pb-5 text-[16px]">
          <button
            type="button"
            autoFocus
            disabled={updating}
            aria-busy={updating}
            className="rounded-lg bg-brand-dark py-2.5 font-medium text-white disabled:opacity-70"
            onClick={update}
          >
            {t('update.update')}
          </button>
          {!forced && (
            <button type="button" disabled={updating} className="py-2 text-neutral-600" onClick={onLater}>
              {t('update.later')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

/** The popup while a version waits and the user has not put it off, or while this version is below the server's minimum. */
export function UpgradePopupHost() {
  const shown = appUpdate.use((s) => (s.waiting && !s.later) || s.forced);
  const forced = appUpdate.use((s) => s.forced);
  return shown ? <UpgradePopup onUpdate={applyUpdate} onLater={putOffUpdate} forced={forced} /> : null;
}
