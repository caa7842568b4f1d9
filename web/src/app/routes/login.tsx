// Login screen: why the server signed this app out (until the next sign-in), the form, the notice
// of a closed site, the link to registration when it is open, the demo-account note.
import { useNavigate, useSearchParams } from 'react-router';

import { AppLogo } from '../../components/ui/app-logo';
import { Link } from '../../components/ui/link';
import { PATHS, safeRedirect } from '../../config/paths';
import { DemoAccountsNote, LoginForm } from '../../features/auth';
import { useTranslation } from '../../lib/i18n';
import { signOutReason, signOutText } from '../../lib/sign-out-reason';
import { useSystemInfo } from '../../lib/system-info';

export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { sysInfo, demon_mode } = useSystemInfo();
  const signedOut = signOutReason.use((why) => why);
  const siteClosed = String(sysInfo.state ?? '1') === '0';

  return (
    <main className="block min-h-dvh bg-white px-8 pt-20 pb-10">
      <div className="flex flex-col items-center">
        <AppLogo size={72} />
        <h1 className="mt-5 text-[22px] font-semibold text-black">{t('login.welcome')}</h1>
      </div>
      {signedOut && (
        <p role="alert" className="mt-8 rounded-md bg-[#fdecec] px-4 py-3 text-center text-[14px] text-danger">
          {signOutText(t, signedOut)}
        </p>
      )}
      <div className="mt-10">
        <LoginForm
          initialAccount={params.get('account') ?? undefined}
          onLoggedIn={() => {
            signOutReason.set(null);
            void navigate(safeRedirect(params.get('redirect')), { replace: true });
          }}
        />
      </div>
      {/* The site closed by an operator (sysInfo.state '0'): only operators may sign in. Not twice
          when the sign-out above says so already. */}
      {siteClosed && signedOut?.reason !== 'system.siteClosed' && (
        <p role="status" className="mt-6 rounded-md bg-amber-50 px-4 py-3 text-center text-[14px] text-amber-900">
          {sysInfo.closeTips ? t('login.closedTips', { tips: String(sysInfo.closeTips) }) : t('login.closed')}
        </p>
      )}
      {/* Open registration or by invitation (the register page asks for the code); never while closed. */}
      {!siteClosed && (sysInfo.regtype === '1' || sysInfo.regtype === '2') && (
        <p className="mt-6 text-center text-[14px] text-neutral-500">
          {t('login.noAccount')}{' '}
          <Link to={PATHS.register} className="text-[#576b95] underline underline-offset-2">
            {t('login.toRegister')}
          </Link>
        </p>
      )}
      {demon_mode && <DemoAccountsNote />}
    </main>
  );
}
