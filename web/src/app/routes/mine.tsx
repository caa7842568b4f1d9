// The mine tab: who is signed in, the account pages (announcements with a dot while a new one is
// unread), the console for operators, and logout.
import { isOperatorRole } from '@protocol/manage';

import { Badge } from '../../components/ui/badge';
import { ChevronIcon } from '../../components/ui/icons';
import { ListGroup, ListRow } from '../../components/ui/list-row';
import { PATHS } from '../../config/paths';
import { useUnreadAnnouncements } from '../../features/announcements';
import { LogoutButton } from '../../features/auth';
import { ProfileSummary, useUserInfo } from '../../features/profile';
import { useTranslation } from '../../lib/i18n';

export default function MineScreen() {
  const { t } = useTranslation();
  // The server checks the role again on every console call; this only decides whether to offer it.
  const role = useUserInfo().data?.role;
  const unread = useUnreadAnnouncements();
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
        <ListRow
          label={t('route.announcements')}
          to={PATHS.announcements}
          trailing={
            <>
              {unread && (
                <span data-testid="announcements-dot" className="flex items-center">
                  <Badge count={1} dot />
                  <span className="sr-only">{t('announcements.unread')}</span>
                </span>
              )}
              <ChevronIcon />
            </>
          }
        />
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
