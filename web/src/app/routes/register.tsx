// Registration screen. The server's configuration decides whether a verification code and an
// invite code are asked for; an invite link pre-fills the invite code. Closed with the site.
import { useNavigate, useSearchParams } from 'react-router';

import { Link } from '../../components/ui/link';
import { Page } from '../../components/ui/page';
import { showToast } from '../../components/ui/toast';
import { PATHS } from '../../config/paths';
import { RegisterForm } from '../../features/auth';
import { useTranslation } from '../../lib/i18n';
import { useSystemInfo } from '../../lib/system-info';

export default function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { sysInfo } = useSystemInfo();
  // The site closed by an operator (sysInfo.state '0'): registration is closed with it.
  const siteClosed = String(sysInfo.state ?? '1') === '0';

  const toLogin = (account: string) => {
    showToast(t('register.success'));
    void navigate(`${PATHS.login}?account=${encodeURIComponent(account)}`, { replace: true });
  };

  return (
    <Page title={t('register.title')}>
      <div className="bg-white px-6 pt-4 pb-10">
        {siteClosed ? (
          <p role="status" className="mt-4 rounded-md bg-amber-50 px-4 py-3 text-center text-[14px] text-amber-900">
            {sysInfo.closeTips ? t('register.closedTips', { tips: String(sysInfo.closeTips) }) : t('register.closed')}
          </p>
        ) : (
          <RegisterForm
            needsCode={sysInfo.regauth !== '' && sysInfo.regauth !== '0'}
            needsInvite={sysInfo.regtype === '2'}
            initialInviteCode={params.get('inviteCode') ?? ''}
            onRegistered={toLogin}
          />
        )}
        <p className="mt-6 text-center text-[14px] text-neutral-500">
          {t('register.haveAccount')}{' '}
          <Link to={PATHS.login} replace className="text-[#576b95] underline underline-offset-2">
            {t('register.toLogin')}
          </Link>
        </p>
      </div>
    </Page>
  );
}
