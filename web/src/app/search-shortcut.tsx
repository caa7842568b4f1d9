// The wide layout's search box above the chat list: a link to the search (which then takes the
// pane's place, the open chat staying beside it) that names its keyboard shortcut.
import { Icon } from '../components/ui/icons';
import { Link } from '../components/ui/link';
import { useTranslation } from '../lib/i18n';
import { searchPathKeeping } from './wide-screen';

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function SearchShortcut({ open }: { open: string | null }) {
  const { t } = useTranslation();
  return (
    <Link
      to={searchPathKeeping(open)}
      aria-keyshortcuts={IS_MAC ? 'Meta+K' : 'Control+K'}
      className="mx-3 my-2 flex h-9 shrink-0 items-center gap-2 rounded-md bg-[#ededed] px-3 text-[14px] text-neutral-500 hover:bg-[#e4e4e4]"
    >
      <Icon size={16} strokeWidth={2}>
        <circle cx="11" cy="11" r="6.5" />
        <path d="m20 20-4.2-4.2" />
      </Icon>
      <span className="min-w-0 flex-1 truncate">{t('search.placeholder')}</span>
      <kbd
        aria-hidden="true"
        className="rounded border border-black/10 bg-white px-1.5 font-sans text-[11px] text-neutral-500"
      >
        {IS_MAC ? '⌘K' : 'Ctrl K'}
      </kbd>
    </Link>
  );
}
