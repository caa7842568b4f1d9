// App-wide reactions to what the chat store reports: a sound and/or vibration for a new
// message (per the user's settings, read at that moment), and sign-out when another device
// took over this account.
import { useEffect } from 'react';

import { showDialog } from '@web/components/ui/dialog';
import { useTranslation } from '@web/lib/i18n';
import { endSession } from '@web/lib/session';
import { storage } from '@web/lib/storage';
import { vibrate } from '@web/lib/vibrate';

import { chatStore } from '../state/chat-store';
import { playBeep } from '../utils/beep';

export function useChatAlerts(): void {
  const { t } = useTranslation();
  useEffect(() => {
    chatStore.onEffect = (effect) => {
      if (effect.kind === 'notify') {
        const setting = storage.getAppSetting();
        if (setting.voiceStatus) playBeep();
        if (setting.vibrateStatus) vibrate(200);
      } else if (effect.kind === 'loggedInElsewhere') {
        chatStore.stop();
        endSession();
        // A dialog on the login page, not a passing toast: the person may pick the phone up much later.
        void showDialog(t('error.loggedInElsewhere'));
      }
    };
    return () => {
      chatStore.onEffect = () => {};
    };
  }, [t]);
}
