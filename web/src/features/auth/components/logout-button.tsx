// Logs out after confirmation: the server revokes the token, then the local session ends
// even if the server could not be reached, so the user is never stuck signed in.
import { Button } from '@web/components/ui/button';
import { showDialog } from '@web/components/ui/dialog';
import { useTranslation } from '@web/lib/i18n';
import { endSession } from '@web/lib/session';

import { logout } from '../api/logout';

export function LogoutButton() {
  const { t } = useTranslation();
  const confirmAndLogout = async () => {
    if (!(await showDialog(t('mine.logoutConfirm'), { showCancel: true }))) return;
    await logout().catch(() => undefined);
    endSession();
  };
  return (
    <Button variant="danger" className="rounded-none" onClick={() => void confirmAndLogout()}>
      {t('mine.logout')}
    </Button>
  );
}
