// The search page (spec §2, /pages/index/search): contacts and recent chat history.
import { GlobalSearch } from '../../features/search';
import { useAppSetting } from '../../features/settings';

export default function SearchScreen() {
  const { circleAvatar } = useAppSetting();
  return (
    <div className="min-h-dvh bg-page pb-6">
      <GlobalSearch roundAvatar={circleAvatar} />
    </div>
  );
}
