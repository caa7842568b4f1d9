// "Clear chat history" on the group's page, for the owner (or a system admin): asks first, then
// deletes every message for every member; the live `clearMessage` empties each member's screen.
import { showDialog } from '@web/components/ui/dialog';
import { showToast } from '@web/components/ui/toast';
import { useTranslation } from '@web/lib/i18n';

import { clearHistory } from '../api/groups-api';

export function ClearHistory({ groupKey }: { groupKey: string }) {
  const { t } = useTranslation();
  const clear = async () => {
    if (!(await showDialog(t('groups.clear.confirm'), { showCancel: true }))) return;
    await clearHistory(groupKey).then(
      () => showToast(t('groups.clear.done')),
      () => undefined,
    );
  };
  return (
    <button
      type="button"
      onClick={() => void clear()}
      className="mt-3 block h-14 w-full border-y border-neutral-100 bg-white text-[16px] text-danger active:bg-neutral-100"
    >
      {t('groups.clear.button')}
    </button>
  );
}
