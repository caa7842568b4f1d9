// The upgrade popup (spec route uni-upgrade-center-app/pages/upgrade-popup): a new version of the
// app is waiting. Over whatever page is open, on a see-through backdrop, it fades in over 200 ms
// and never scrolls; Update applies it (the page reloads once the outbox is saved), Later keeps
// this version until the next start; below the server's minimum version there is no Later. Below
// the minimum with no newer build found (none waits), it does not claim one exists: it says this
// version is no longer supported and offers a reload, or asking the operator. The operator's
// console is never blocked by the minimum, so a minimum set by mistake can be undone there.
// Loaded by the app shell only when a version waits or the minimum applies.
import { useId, useState } from 'react';

import { Modal, ModalTitle } from '../components/ui/modal';
import { applyUpdate, appUpdate, putOffUpdate } from '../lib/app-update/store';
import { useTranslation } from '../lib/i18n';
import { writesSettled } from '../lib/pending-writes';

interface Props {
  onUpdate: () => Promise<void>;
  onLater: () => void;
  /** The server no longer supports this version (sysInfo.minVersion): no Later. */
  forced?: boolean;
  /** A newer build is installed and waiting (false: forced, and no update check has found one). */
  newVersion?: boolean;
}

/** A reload once the outbox has saved what it was writing: the server may have a newer build by now. */
function reloadOnceSaved(): Promise<void> {
  return writesSettled().then(() => window.location.reload());
}

export function UpgradePopup({ onUpdate, onLater, forced = false, newVersion = true }: Props) {
  const { t } = useTranslation();
  const bodyId = useId();
  const [updating, setUpdating] = useState(false);
  const update = () => {
    setUpdating(true);
    // A failed switch (the worker went away) leaves this version running: the popup offers it again.
    (newVersion ? onUpdate() : reloadOnceSaved()).catch(() => setUpdating(false));
  };
  const title = newVersion ? 'update.title' : 'update.unsupportedTitle';
  const body = !newVersion ? 'update.unsupportedBody' : forced ? 'update.forcedBody' : 'update.body';
  return (
    <Modal
      onClose={updating || forced ? null : onLater}
      describedBy={bodyId}
      backdropClassName="fade-in fixed inset-0 z-50 flex touch-none items-center justify-center overflow-hidden overscroll-none bg-black/30 px-10"
      className="w-full max-w-xs overflow-hidden rounded-xl bg-white text-center"
    >
      <ModalTitle className="px-5 pt-6 text-[17px] font-medium text-neutral-900">{t(title)}</ModalTitle>
      <p id={bodyId} className="px-5 pt-2 pb-6 text-[14px] leading-relaxed text-neutral-600">
        {t(body)}
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
          {t(newVersion ? 'update.update' : 'update.reload')}
        </button>
        {!forced && (
          <button type="button" disabled={updating} className="py-2 text-neutral-600" onClick={onLater}>
            {t('update.later')}
          </button>
        )}
      </div>
    </Modal>
  );
}

/**
 * The popup while a version waits and the user has not put it off, or while this version is below
 * the server's minimum, except in the operator's console (`inConsole`), where only a waiting
 * version is offered, with Later.
 */
export function UpgradePopupHost({ inConsole = false }: { inConsole?: boolean }) {
  const waiting = appUpdate.use((s) => s.waiting);
  const later = appUpdate.use((s) => s.later);
  const forced = appUpdate.use((s) => s.forced) && !inConsole;
  const shown = (waiting && !later) || forced;
  return shown ? (
    <UpgradePopup onUpdate={applyUpdate} onLater={putOffUpdate} forced={forced} newVersion={waiting} />
  ) : null;
}
