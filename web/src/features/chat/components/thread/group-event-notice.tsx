// A group's system line in the thread ("An created the group", "Bình is now an admin"): a centred
// grey notice like a recall's, worded here from what the server recorded.
import type { SystemLine } from '@protocol/groups';
import { useTranslation } from '@web/lib/i18n';

import { groupEventText } from '../../utils/group-event-text';

export function GroupEventNotice({ line, me }: { line: SystemLine; me: number }) {
  const { t } = useTranslation();
  return <p className="px-8 py-2 text-center text-[12px] text-neutral-400">{groupEventText(line, me, t)}</p>;
}
