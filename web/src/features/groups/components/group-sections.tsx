// The body of a group's page in two parts, shared by the page itself and, on a wide screen, by
// the group chat's details panel (as WhatsApp Web's group info): the overview (the members'
// avatars, the links to them all and to add some, the announcement) and the rows I may use (my
// nickname, the QR code, the owner's settings and hand-over, clearing the history, leaving). What
// shows follows my role and the group's settings (utils/group-rules); the server checks each call again.
import { Avatar } from '@web/components/ui/avatar';
import { ChevronIcon } from '@web/components/ui/icons';
import { Link } from '@web/components/ui/link';
import { useTranslation } from '@web/lib/i18n';

import { chatPath, useChatState } from '../../chat';
import { addMembersPath, groupUsersPath } from '../paths';
import { useGroup } from '../state/group-queries';
import { canClearHistory, canEditNotice, canInvite, canResetQr, canShareQr, isOwner } from '../utils/group-rules';
import { ClearHistory } from './clear-history';
import { GroupManagement } from './group-management';
import { GroupQr } from './group-qr';
import { LeaveGroup } from './leave-group';
import { MyNickname } from './my-nickname';
import { NoticeSection } from './notice-section';
import { TransferOwner } from './transfer-owner';

const ROW = 'flex min-h-14 items-center gap-3 bg-white px-4 text-[16px] text-neutral-900 active:bg-neutral-100';
const SHOWN_MEMBERS = 10;

/** The group as I see it, or null while it loads or once I am no longer in it (the caller says which). */
function useMyGroup(groupKey: string) {
  const me = useChatState((s) => s.me);
  const entry = useGroup(groupKey, me);
  const { info } = entry;
  return { ...entry, me, info: entry.gone || !info || info.role === 0 ? null : info };
}

/** The members' avatars, "All members (N)", "Add members" when I may, and the announcement. */
export function GroupOverview({ groupKey, withOpenChat = false }: { groupKey: string; withOpenChat?: boolean }) {
  const { t } = useTranslation();
  const { info, members } = useMyGroup(groupKey);
  if (!info) return null;
  return (
    <>
      <section className="mt-3 bg-white" aria-labelledby="group-members">
        <h2 id="group-members" className="px-4 pt-3 text-[13px] text-neutral-600">
          {t('groups.info.members')}
        </h2>
        <ul className="flex flex-wrap gap-3 px-4 py-3">
          {members.slice(0, SHOWN_MEMBERS).map((m) => (
            <li key={m.user_id} className="flex w-14 flex-col items-center gap-1">
              <Avatar name={m.userInfo.displayName} src={m.userInfo.avatar || undefined} size={44} />
              <span className="w-full truncate text-center text-[12px] text-neutral-700">{m.userInfo.displayName}</span>
            </li>
          ))}
        </ul>
        <div className="divide-y divide-neutral-100 border-t border-neutral-100">
          <Link to={groupUsersPath(groupKey)} className={ROW}>
            <span className="min-w-0 flex-1 truncate">
              {t('groups.info.allMembers', { count: info.groupUserCount })}
            </span>
            <ChevronIcon />
          </Link>
          {canInvite(info.role, info.setting) && (
            <Link to={addMembersPath(groupKey)} className={ROW}>
              <span className="min-w-0 flex-1 truncate">{t('groups.info.addMembers')}</span>
              <ChevronIcon />
            </Link>
          )}
          {withOpenChat && (
            <Link to={chatPath(groupKey)} className={ROW}>
              <span className="min-w-0 flex-1 truncate">{t('groups.info.openChat')}</span>
              <ChevronIcon />
            </Link>
          )}
        </div>
      </section>
      <NoticeSection groupKey={groupKey} notice={info.notice} canEdit={canEditNotice(info.role)} />
    </>
  );
}

/** The rows I may use: my nickname, the QR code, the owner's settings and hand-over, clearing the history, leaving. */
export function GroupSettings({ groupKey, onLeft }: { groupKey: string; onLeft: () => void }) {
  const { info, members, me } = useMyGroup(groupKey);
  if (!info) return null;
  const owner = isOwner(info.role);
  return (
    <>
      <MyNickname groupKey={groupKey} nickname={members.find((m) => m.user_id === me)?.nickname ?? ''} />
      {canShareQr(info.role, info.setting) && (
        <GroupQr
          groupKey={groupKey}
          url={info.qrUrl}
          expire={info.qrExpire}
          name={info.displayName}
          avatar={info.avatar}
          canReset={canResetQr(info.role)}
        />
      )}
      {owner && <GroupManagement groupKey={groupKey} setting={info.setting} />}
      {owner && <TransferOwner groupKey={groupKey} members={members} />}
      {canClearHistory(info.role) && <ClearHistory groupKey={groupKey} />}
      <LeaveGroup groupKey={groupKey} me={me} owner={owner} onLeft={onLeft} />
    </>
  );
}
