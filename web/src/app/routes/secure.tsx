// Account security: change the password; certify or change the account; log out on every device.
// In demo mode a shared demo account is refused all three (as the server refuses them); others keep them.
import { Page } from '../../components/ui/page';
import { LogoutAllButton } from '../../features/auth';
import { AccountForm, PasswordForm, securityLocked, useUserInfo } from '../../features/profile';
import { useTranslation } from '../../lib/i18n';
import { useSystemInfo } from '../../lib/system-info';

export default function SecureScreen() {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const info = useSystemInfo();
  const locked = user ? securityLocked(info, user) : true;
  return (
    <Page title={t('route.secure')}>
      {user && (
        <div className="pb-8">
          <PasswordForm account={user.account} demo={locked} />
          <AccountForm user={user} demo={locked} />
          {/* A shared demo account: the server refuses to sign everyone out of it, so it is not offered. */}
          {!locked && (
            <div className="mt-6 border-y border-neutral-100">
              <LogoutAllButton />
            </div>
          )}
        </div>
      )}
    </Page>
  );
}
