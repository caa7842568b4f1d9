// The friend requests page's content (the original's /pages/contacts/friend): tabs Received, Sent and
// To be agreed (received, still pending), each a paged list with who, their message, when and
// where it stands; a pending request to me has Accept and Decline. New requests appear live.
import { type KeyboardEvent, useId, useState } from 'react';

import { FRIEND_STATUS } from '@protocol/people';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Link } from '@web/components/ui/link';
import { showToast } from '@web/components/ui/toast';
import { reloadChatList } from '@web/lib/chat-list-reload';
import { type TFunction, useTranslation } from '@web/lib/i18n';
import { formatChatListTime } from '@web/utils/chat-list-time';

import { answerRequest, type FriendRequest } from '../api/people-api';
import { useFriendRequests } from '../hooks/use-friend-requests';
import { contactDetailPath } from '../paths';
import { friendsStore, useFriendsState } from '../state/friends-store';

type Tab = 'received' | 'sent' | 'toAgree';
const TABS: Tab[] = ['received', 'sent', 'toAgree'];

export function FriendRequests() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('received');
  const pending = useFriendsState((s) => s.pending);
  const ids = useId();
  const tabId = (name: Tab) => `${ids}-tab-${name}`;
  // Arrow keys move between the tabs, as a tab list does.
  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length]!;
    setTab(next);
    document.getElementById(tabId(next))?.focus();
  };
  return (
    <>
      <div
        role="tablist"
        aria-label={t('people.requests.tabs')}
        onKeyDown={onKeyDown}
        className="sticky top-11 z-10 flex border-b border-black/5 bg-white"
      >
        {TABS.map((name) => (
          <button
            key={name}
            id={tabId(name)}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`${ids}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            className={`flex h-11 flex-1 items-center justify-center gap-1 text-[15px] ${tab === name ? 'border-b-2 border-brand-dark font-medium text-brand-dark' : 'text-neutral-600'}`}
          >
            {t(`people.requests.${name}`)}
            {name === 'toAgree' && (
              <Badge count={pending} label={t('people.requests.pendingCount', { count: pending })} />
            )}
          </button>
        ))}
      </div>
      <div id={`${ids}-panel`} role="tabpanel" aria-labelledby={tabId(tab)}>
        <RequestList key={tab} mine={tab === 'sent'} onlyPending={tab === 'toAgree'} />
      </div>
    </>
  );
}

function RequestList({ mine, onlyPending }: { mine: boolean; onlyPending: boolean }) {
  const { t } = useTranslation();
  const pages = useFriendRequests(mine);
  const shown = onlyPending ? pages.items.filter((r) => r.status === FRIEND_STATUS.PENDING) : pages.items;
  const answer = async (request: FriendRequest, accept: boolean) => {
    try {
      await answerRequest(request.friend_id, accept);
    } catch {
      return; // The API client told the user why.
    }
    pages.patch(request.friend_id, accept ? FRIEND_STATUS.FRIENDS : FRIEND_STATUS.DECLINED);
    friendsStore.answered();
    showToast(t(accept ? 'people.requests.acceptedToast' : 'people.requests.declinedToast'));
    // The appendContact frame brings the new chat too; this covers a socket that is away.
    if (accept) void reloadChatList();
  };
  if (!pages.loaded) return <p className="py-16 text-center text-[14px] text-neutral-500">{t('common.loading')}</p>;
  if (!shown.length)
    return <p className="py-16 text-center text-[14px] text-neutral-500">{t('people.requests.empty')}</p>;
  return (
    <>
      <ul className="bg-white">
        {shown.map((r) => (
          <RequestRow key={r.friend_id} request={r} mine={mine} t={t} onAnswer={(accept) => void answer(r, accept)} />
        ))}
      </ul>
      {pages.hasMore && (
        <button
          type="button"
          disabled={pages.busy}
          onClick={pages.loadMore}
          className="block w-full py-4 text-center text-[14px] text-[#576b95] disabled:opacity-50"
        >
          {pages.busy ? t('common.loading') : t('people.requests.loadMore')}
        </button>
      )}
    </>
  );
}

const STATUS_TEXT = {
  0: 'people.requests.declined',
  1: 'people.requests.accepted',
  2: 'people.requests.waiting',
} as const;

function RequestRow({
  request,
  mine,
  t,
  onAnswer,
}: {
  request: FriendRequest;
  mine: boolean;
  t: TFunction;
  onAnswer: (accept: boolean) => void;
}) {
  // The other person: whom I asked, or who asked me.
  const other = mine ? request.user_id_info : request.create_user_info;
  const canAnswer = !mine && request.status === FRIEND_STATUS.PENDING;
  return (
    <li className="flex items-center gap-3 border-b border-black/5 px-4 py-3">
      <Link to={contactDetailPath(other.user_id)} className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar name={other.displayName} src={other.avatar || undefined} size={44} />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate text-[16px] text-neutral-900">{other.displayName}</span>
          {request.remark && <span className="truncate text-[13px] text-neutral-600">{request.remark}</span>}
          <span className="text-[12px] text-neutral-500">
            {formatChatListTime(new Date(request.create_time * 1000), new Date(), t)}
          </span>
        </span>
      </Link>
      {canAnswer ? (
        <span className="flex shrink-0 gap-2">
          <button
            type="button"
            onClick={() => onAnswer(false)}
            aria-label={t('people.requests.declineFor', { name: other.displayName })}
            className="h-8 rounded-md border border-neutral-300 px-3 text-[14px] text-neutral-700 active:bg-neutral-100"
          >
            {t('people.requests.decline')}
          </button>
          <button
            type="button"
            onClick={() => onAnswer(true)}
            aria-label={t('people.requests.acceptFor', { name: other.displayName })}
            className="h-8 rounded-md bg-brand-dark px-3 text-[14px] text-white active:bg-brand-darker"
          >
            {t('people.requests.accept')}
          </button>
        </span>
      ) : (
        <span className="shrink-0 text-[14px] text-neutral-500">{t(STATUS_TEXT[request.status])}</span>
      )}
    </li>
  );
}
