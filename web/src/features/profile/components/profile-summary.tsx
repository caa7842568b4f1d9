// The header of the mine tab: avatar, nickname and account, linking to the profile page.
import { Avatar } from '@web/components/ui/avatar';
import { ChevronIcon } from '@web/components/ui/icons';
import { Link } from '@web/components/ui/link';
import { PATHS } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';

import { useUserInfo } from '../api/get-user-info';

export function ProfileSummary() {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const name = user?.realname || user?.account || '';
  return (
    <Link to={PATHS.profile} className="flex items-center gap-4 bg-white px-5 pt-8 pb-7 active:bg-neutral-50">
      <Avatar name={name} src={user?.avatar || undefined} size={64} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-[20px] font-semibold text-black">{name}</p>
        {user && (
          <p className="mt-1 truncate text-[14px] text-neutral-500">
            {t('mine.accountLabel', { account: user.account })}
          </p>
        )}
      </div>
      <ChevronIcon />
    </Link>
  );
}
