// The group's page (the original's /pages/message/group/info): picture, name, then the sections a group
// chat's details panel shows too (group-sections.tsx: members, announcement, and the rows my role
// may use), with a link to the chat.
import { useTranslation } from '@web/lib/i18n';

import { useChatState } from '../../chat';
import { useGroup } from '../state/group-queries';
import { canChangePicture, canEditGroup } from '../utils/group-rules';
import { GroupHeader } from './group-header';
import { GroupOverview, GroupSettings } from './group-sections';

export function GroupInfoView({
  groupKey,
  onLeft,
  withOpenChat = true,
}: {
  groupKey: string;
  onLeft: () => void;
  withOpenChat?: boolean;
}) {
  const { t } = useTranslation();
  const me = useChatState((s) => s.me);
  const { info, members, loaded, gone } = useGroup(groupKey, me);
  if (!loaded)
    return (
      <p role="status" className="py-16 text-center text-[14px] text-neutral-500">
        {t('common.loading')}
      </p>
    );
  if (gone || !info || info.role === 0)
    return (
      <p role="status" className="py-16 text-center text-[14px] text-neutral-600">
        {t('groups.gone')}
      </p>
    );
  return (
    <div className="pb-10">
      <GroupHeader
        info={info}
        members={members}
        canEdit={canEditGroup(info.role, info.setting)}
        canChangePicture={canChangePicture(info.role, info.setting)}
      />
      <GroupOverview groupKey={groupKey} withOpenChat={withOpenChat} />
      <GroupSettings groupKey={groupKey} onLeft={onLeft} />
    </div>
  );
}
