// The mine tab: who is signed in, the account pages, the console for operators, and logout.
import { isOperatorRole } from '@protocol/manage';

import { ListGroup, ListRow } from '../../components/ui/list-row';
import { PATHS } from '../../config/paths';
import { LogoutButton } from '../../features/auth';
import { ProfileSummary, useUserInfo } from '../../features/profile';
import { useTranslation } from '../../lib/i18n';

export default function MineScreen() {
  const { t } = useTranslation();
  // The server checks the role again on every console call; this only decides whether to offer it.
  const role = useUserInfo().data?.role;
  return (
    <main className="bg-page pb-6">
      {/* The profile card is the page's top: its title is for screen readers. */}
      <h1 className="sr-only">{t('route.mine')}</h1>
      <ProfileSummary />
      <ListGroup>
        <ListRow label={t('mine.profile')} to={PATHS.profile} />
        <ListRow label={t('mine.secure')} to={PATHS.secure} />
        <ListRow label={t('route.qrcode')} to={PATHS.qrcode} />
        <ListRow label={t('route.scan')} to={PATHS.scan} />
      </ListGroup>
      <ListGroup>
        <ListRow label={t('route.announcements')} to={PATHS.announcements} />
        <ListRow label={t('mine.setting')} to={PATHS.setting} />
        <ListRow label={t('mine.about')} to={PATHS.about} />
      </ListGroup>
      {role !== undefined && isOperatorRole(role) && (
        <ListGroup>
          <ListRow label={t('mine.console')} to={PATHS.manage} />
        </ListGroup>
      )}
      <div className="mt-3 border-y border-neutral-100">
        <LogoutButton />
      </div>
    </main>
  );
}
