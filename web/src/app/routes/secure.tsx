// Account security: change the password; certify or change the account; log out on every device.
// Demo mode refuses all three.
import { useTranslation } from '../../lib/i18n';
import { Page } from '../../components/ui/page';
import { AccountForm, isDemoMode, PasswordForm, useUserInfo } from '../../features/profile';
import { useSystemInfo } from '../../lib/system-info';
import { LogoutAllButton } from '../../features/auth';

export default function SecureScreen() {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const demo = isDemoMode(useSystemInfo());
  return (
    <Page title={t('route.secure')}>
      {user && (
        <div className="pb-8">
          <PasswordForm account={user.account} demo={demo} />
          <AccountForm user={user} demo={demo} />
          {/* Demo accounts are shared: the server refuses to sign everyone out of one, so it is not offered. */}
          {!demo && (
            <div className="mt-6 border-y border-neutral-100">
              <LogoutAllButton />
            </div>
          )}
        </div>
      )}
    </Page>
  );
}
