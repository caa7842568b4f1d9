// "Show message text in notifications", under the Notifications row while it is on: off, a
// notification says who wrote and how many, never what (the server leaves the text out).
import { useEffect, useState } from 'react';

import { Switch } from '@web/components/ui/switch';
import { showToast } from '@web/components/ui/toast';
import { useTranslation } from '@web/lib/i18n';

import { getShowText, setShowText } from '../api/push-calls';

export function MessageTextRow() {
  const { t } = useTranslation();
  const [on, setOn] = useState<boolean | null>(null);

  useEffect(() => {
    let live = true;
    getShowText().then(
      (read) => live && setOn(read),
      () => live && setOn(null),
    );
    return () => {
      live = false;
    };
  }, []);

  if (on === null) return null;
  const label = t('setting.push.showText');
  const change = async (next: boolean) => {
    setOn(next);
    try {
      setOn(await setShowText(next));
    } catch {
      setOn(!next);
      showToast(t('setting.push.showTextFailed'));
    }
  };
  return (
    <div className="flex min-h-14 items-center gap-3 border-t border-neutral-100 px-4 text-[16px] text-neutral-900">
      <span className="flex-1">{label}</span>
      <Switch label={label} checked={on} onChange={(next) => void change(next)} />
    </div>
  );
}
