// One member in the list: avatar, name with "(me)", the Owner/Admin badge, the mute with its time
// left; the name opens their card when the group allows it, and managers get a Manage button.
import { ROLE } from '@protocol/groups';
import { Avatar } from '@web/components/ui/avatar';
import { Link } from '@web/components/ui/link';
import { PATHS } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';

import type { GroupMember } from '../api/groups-api';
import { muteUntilText } from '../utils/mute-time';

interface MemberRowProps {
  member: GroupMember;
  me: number;
  nowS: number;
  openProfile: boolean;
  onManage: (() => void) | null;
}

export function MemberRow({ member, me, nowS, openProfile, onManage }: MemberRowProps) {
  const { t } = useTranslation();
  const name = member.userInfo.displayName + (member.user_id === me ? ` ${t('groups.members.me')}` : '');
  const body = (
    <>
      <Avatar name={member.userInfo.displayName} src={member.userInfo.avatar || undefined} size={40} />
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className="truncate text-[16px] text-neutral-900">{name}</span>
          {member.role === ROLE.OWNER && (
            <span className="shrink-0 rounded bg-[#fde8d7] px-1.5 text-[12px] text-[#8a3c00]">
              {t('groups.role.owner')}
            </span>
          )}
          {member.role === ROLE.ADMIN && (
            <span className="shrink-0 rounded bg-[#dcebff] px-1.5 text-[12px] text-[#0b4a99]">
              {t('groups.role.admin')}
            </span>
          )}
        </span>
        {member.no_speak_time > nowS && (
          <span className="mt-0.5 block text-[12px] text-danger">{muteUntilText(member.no_speak_time, nowS, t)}</span>
        )}
      </span>
    </>
  );
  return (
    <li className="flex min-h-16 items-center bg-white pr-2">
      {openProfile ? (
        <Link
          to={`${PATHS.contactDetail}?id=${member.user_id}`}
          className="flex min-w-0 flex-1 items-center gap-3 px-4 py-2 active:bg-neutral-100"
        >
          {body}
        </Link>
      ) : (
        <div className="flex min-w-0 flex-1 items-center gap-3 px-4 py-2">{body}</div>
      )}
      {onManage && (
        <button
          type="button"
          onClick={onManage}
          aria-label={t('groups.members.manage', { name: member.userInfo.displayName })}
          className="h-9 shrink-0 rounded-md border border-neutral-300 px-3 text-[14px] text-neutral-800 active:bg-neutral-100"
        >
          {t('groups.members.manageShort')}
        </button>
      )}
    </li>
  );
}
