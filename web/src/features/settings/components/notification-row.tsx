// The Notifications row: whether this device gets a notification of a message while Parley is
// closed (Web Push), and the switch that asks the browser's permission, from a tap only.
import { useEffect, useRef, useState } from 'react';

import { Switch } from '@web/components/ui/switch';
import { showToast } from '@web/components/ui/toast';
import { type TKey, useTranslation } from '@web/lib/i18n';

import { NoPushService, type PushState, readPushState, turnPushOff, turnPushOn } from '../utils/web-push';
import { MessageTextRow } from './message-text-row';

const STATE_TEXT: Record<PushState, TKey> = {
  checking: 'setting.push.checking',
  on: 'setting.push.on',
  off: 'setting.push.off',
  blocked: 'setting.push.blocked',
  unsupported: 'setting.push.unsupported',
  installFirst: 'setting.push.unsupported',
  unconfigured: 'setting.push.unconfigured',
};

const HELP_TEXT: Partial<Record<PushState, TKey>> = {
  blocked: 'setting.push.blockedHelp',
  unsupported: 'setting.push.unsupportedHelp',
  installFirst: 'setting.push.installFirst',
  unconfigured: 'setting.push.unconfiguredHelp',
};

export function NotificationRow() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState>('checking');
  // No push service answered the last try (blocked on this network, or none in this browser): said
  // in the row, with a way to try again, not only in a passing toast.
  const [noService, setNoService] = useState(false);
  const busy = useRef(false);

  useEffect(() => {
    let live = true;
    readPushState().then(
      (read) => live && setState(read),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, []);

  const toggle = async (on: boolean) => {
    if (busy.current) return;
    busy.current = true;
    setNoService(false);
    try {
      setState(await (on ? turnPushOn() : turnPushOff()));
    } catch (error) {
      if (error instanceof NoPushService) setNoService(true);
      else showToast(t('setting.push.failed'));
      setState(await readPushState().catch((): PushState => 'off'));
    } finally {
      busy.current = false;
    }
  };

  const help = HELP_TEXT[state];
  const label = t('setting.push.label');
  return (
    <div className="bg-white">
      <div className="flex min-h-14 items-center gap-3 px-4 text-[16px] text-neutral-900">
        <span className="flex-1">{label}</span>
        <span className="text-[15px] text-neutral-400" aria-live="polite">
          {t(STATE_TEXT[state])}
        </span>
        {(state === 'on' || state === 'off') && (
          <Switch label={label} checked={state === 'on'} onChange={(on) => void toggle(on)} />
        )}
      </div>
      {help && <p className="px-4 pb-3 text-[13px] text-neutral-500">{t(help)}</p>}
      {noService && state === 'off' && (
        <div className="flex items-center gap-3 px-4 pb-3">
          <p role="alert" className="flex-1 text-[13px] text-danger">
            {t('setting.push.noService')}
          </p>
          <button
            type="button"
            className="shrink-0 rounded border border-neutral-300 px-3 py-1 text-[14px] text-neutral-900"
            onClick={() => void toggle(true)}
          >
            {t('setting.push.retry')}
          </button>
        </div>
      )}
      {state === 'on' && <MessageTextRow />}
    </div>
  );
}
