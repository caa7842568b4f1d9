// Sends a verification code to the entered account, then counts 60 s before allowing another.
import { useState } from 'react';

import { showToast } from '@web/components/ui/toast';
import { useTranslation } from '@web/lib/i18n';

import type { CodePurpose } from '../api/code-purpose';
import { useCountdown } from '../hooks/use-countdown';

export const RESEND_WAIT_SECONDS = 60;

export function SendCodeButton({ account, purpose }: { account: string; purpose: CodePurpose }) {
  const { t } = useTranslation();
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (!account.trim()) return showToast(t('login.accountRequired'));
    setSending(true);
    try {
      // The API client loads on first use; a failure to load it is a network failure.
      const { sendCode } = await import('../api/send-code').catch((error: unknown) => {
        showToast(t('common.networkTimeout'));
        throw error;
      });
      await sendCode(account.trim(), purpose);
      showToast(t('common.codeSent'));
      start(RESEND_WAIT_SECONDS);
    } catch {
      // The API client has told the user why; the button simply becomes usable again.
    } finally {
      setSending(false);
    }
  };

  return (
    <button
      type="button"
      onClick={() => void send()}
      disabled={sending || remaining > 0}
      className="shrink-0 rounded-md border border-brand-dark px-2.5 py-1 text-[13px] text-brand-dark disabled:border-neutral-300 disabled:text-neutral-400"
    >
      {remaining > 0 ? t('common.resendIn', { count: remaining }) : t('common.sendCode')}
    </button>
  );
}
