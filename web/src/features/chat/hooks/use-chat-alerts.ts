// App-wide reactions to what the chat store reports: a sound and/or vibration for a new
// message (per the user's settings, read at that moment), and sign-out when another device
// took over this account.
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../components/ui/toast';
import { endSession } from '../../../lib/session';
import { storage } from '../../../lib/storage';
import { chatStore } from '../state/chat-store';
import { playBeep } from '../utils/beep';

export function useChatAlerts(): void {
  const { t } = useTranslation();
  useEffect(() => {
    chatStore.onEffect = (effect) => {
      if (effect.kind === 'notify') {
        const setting = storage.getAppSetting();
        if (setting.voiceStatus) playBeep();
        if (setting.vibrateStatus) navigator.vibrate?.(200);
      } else if (effect.kind === 'loggedInElsewhere') {
        chatStore.stop();
        showToast(t('error.loggedInElsewhere'), 2500);
        endSession();
      }
    };
    return () => {
      chatStore.onEffect = () => {};
    };
  }, [t]);
}
