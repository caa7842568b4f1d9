// The group's page (spec §2 /pages/message/group/info): picture, name, members, announcement,
// my nickname here, QR code, the owner's settings and hand-over, clearing the history, then
// dissolve or quit. What shows follows my
// role and the group's settings (utils/group-rules); the server checks each call again.
import { useTranslation } from '../../../lib/i18n';
import { Avatar } from '../../../components/ui/avatar';
import { ChevronIcon } from '../../../components/ui/icons';
import { Link } from '../../../components/ui/link';
import { chatPath, useChatState } from '../../chat';
import { addMembersPath, groupUsersPath } from '../paths';
import { useGroup } from '../state/groups-store';
import { canChangePicture, canClearHistory, canEditGroup, canEditNotice, canInvite, isOwner } from '../utils/group-rules';
import { storage } from '../../../lib/storage';
import { ClearHistory } from './clear-history';
import { GroupHeader } from './group-header';
import { GroupManagement } from './group-management';
import { GroupQr } from './group-qr';
import { LeaveGroup } from './leave-group';
import { MyNickname } from './my-nickname';
import { NoticeSection } from './notice-section';
import { TransferOwner } from './transfer-owner';

const ROW = 'flex min-h-14 items-center gap-3 bg-white px-4 text-[16px] text-neutral-900 active:bg-neutral-100';
const SHOWN_MEMBERS = 10;

export function GroupInfoView({ groupKey, onLeft }: { groupKey: string; onLeft: () => void }) {
  const { t } = useTranslation();
  const me = useChatState((s) => s.me);
  const { info, members, loaded, gone } = useGroup(groupKey, me);
  if (!loaded) return <p role="status" className="py-16 text-center text-[14px] text-neutral-500">{t('common.loading')}</p>;
  if (gone || !info || info.role === 0) return <p role="status" className="py-16 text-center text-[14px] text-neutral-600">{t('groups.gone')}</p>;

  const owner = isOwner(info.role);
  return (
    <div className="pb-10">
      <GroupHeader info={info} members={members} canEdit={canEditGroup(info.role, info.setting)} canChangePicture={canChangePicture(info.role, info.setting)} />
      <section className="mt-3 bg-white" aria-labelledby="group-members">
        <h2 id="group-members" className="px-4 pt-3 text-[13px] text-neutral-600">{t('groups.info.members')}</h2>
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
            <span className="flex-1">{t('groups.info.allMembers', { count: info.groupUserCount })}</span><ChevronIcon />
          </Link>
          {canInvite(info.role, info.setting) && <Link to={addMembersPath(groupKey)} className={ROW}><span className="flex-1">{t('groups.info.addMembers')}</span><ChevronIcon /></Link>}
          <Link to={chatPath(groupKey)} className={ROW}><span className="flex-1">{t('groups.info.openChat')}</span><ChevronIcon /></Link>
        </div>
      </section>
      <NoticeSection groupKey={groupKey} notice={info.notice} canEdit={canEditNotice(info.role)} />
      <MyNickname groupKey={groupKey} nickname={members.find((m) => m.user_id === me)?.nickname ?? ''} />
      <GroupQr url={info.qrUrl} expire={info.qrExpire} name={info.displayName} avatar={info.avatar} />
      {owner && <GroupManagement groupKey={groupKey} setting={info.setting} />}
      {owner && <TransferOwner groupKey={groupKey} members={members} />}
      {canClearHistory(info.role, storage.getUserInfo()?.role ?? 0) && <ClearHistory groupKey={groupKey} />}
      <LeaveGroup groupKey={groupKey} me={me} owner={owner} onLeft={onLeft} />
    </div>
  );
}
