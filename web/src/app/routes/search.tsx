// The search page (spec §2, /pages/index/search): contacts and recent chat history.
import { GlobalSearch } from '../../features/chat/components/search/global-search';
import { useAppSetting } from '../../features/settings/hooks/use-app-setting';

export default function SearchScreen() {
  const { circleAvatar } = useAppSetting();
  return (
    <div className="min-h-dvh bg-page pb-6">
      <GlobalSearch roundAvatar={circleAvatar} />
    </div>
  );
}
