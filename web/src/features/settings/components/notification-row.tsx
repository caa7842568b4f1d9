// The Notifications row: whether this device gets a notification of a message while Parley is
// closed (Web Push), and the switch that asks the browser's permission, from a tap only.
import { useEffect, useRef, useState } from 'react';

import { Switch } from '@web/components/ui/switch';
import { showToast } from '@web/components/ui/toast';
import { type TKey, useTranslation } from '@web/lib/i18n';

import { type PushState, readPushState, turnPushOff, turnPushOn } from '../utils/web-push';
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
    try {
      setState(await (on ? turnPushOn() : turnPushOff()));
    } catch {
      showToast(t('setting.push.failed'));
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
      {state === 'on' && <MessageTextRow />}
    </div>
  );
}
