// Logs out on every device after confirmation (a lost phone, a shared computer). Only once the
// server has ended the sessions does this one end too; a refusal (a shared demo account) is shown
// by the API client and leaves the user signed in.
import { Button } from '@web/components/ui/button';
import { showDialog } from '@web/components/ui/dialog';
import { useTranslation } from '@web/lib/i18n';
import { endSession } from '@web/lib/session';

import { logoutAll } from '../api/logout-all';

export function LogoutAllButton() {
  const { t } = useTranslation();
  const confirmAndLogout = async () => {
    if (!(await showDialog(t('mine.logoutAllConfirm'), { showCancel: true }))) return;
    try {
      await logoutAll();
    } catch {
      return;
    }
    endSession();
  };
  return (
    <Button variant="danger" className="rounded-none" onClick={() => void confirmAndLogout()}>
      {t('mine.logoutAll')}
    </Button>
  );
}
