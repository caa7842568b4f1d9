// Contact search (the original's /pages/contacts/search): an exact account search; the person found and
// where I stand with them — Add (with a verification message), Request sent, Already friends with
// Send message, or Accept when they asked me first. Scan and My QR code lead to the card pages.
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';

import type { Relation } from '@protocol/people';
import { Avatar } from '@web/components/ui/avatar';
import { Link } from '@web/components/ui/link';
import { ListGroup, ListRow } from '@web/components/ui/list-row';
import { showToast } from '@web/components/ui/toast';
import { PATHS } from '@web/config/paths';
import { reloadChatList } from '@web/lib/chat-list-reload';
import { useTranslation } from '@web/lib/i18n';

import { chatPath, keyOf } from '../../chat';
import { answerRequest, type PersonInfo, searchAccount } from '../api/people-api';
import { contactDetailPath } from '../paths';
import { friendsStore } from '../state/friends-store';
import { AddFriendForm } from './add-friend-form';

export function ContactSearch() {
  const { t } = useTranslation();
  const [account, setAccount] = useState('');
  const [result, setResult] = useState<PersonInfo | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const search = async (e: FormEvent) => {
    e.preventDefault();
    const keywords = account.trim();
    if (!keywords) return;
    setBusy(true);
    const found = await searchAccount(keywords).catch(() => undefined);
    setBusy(false);
    if (found) setResult(found[0] ?? null);
  };
  return (
    <>
      <form role="search" onSubmit={(e) => void search(e)} className="flex items-center gap-2 bg-page px-3 py-2">
        <label htmlFor={`${ids}-account`} className="sr-only">
          {t('people.search.label')}
        </label>
        <input
          id={`${ids}-account`}
          type="search"
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          placeholder={t('people.search.placeholder')}
          autoFocus
          enterKeyHint="search"
          maxLength={64}
          autoComplete="off"
          className="h-9 min-w-0 flex-1 rounded-md bg-white px-3 text-[15px] text-neutral-900 outline-none placeholder:text-neutral-500 focus:ring-2 focus:ring-brand/50"
        />
        <button
          type="submit"
          disabled={busy || !account.trim()}
          className="h-9 rounded-md bg-brand-dark px-4 text-[15px] text-white disabled:bg-brand/50"
        >
          {t('people.search.submit')}
        </button>
      </form>
      {result === null && (
        <p role="status" className="py-10 text-center text-[14px] text-neutral-500">
          {t('people.search.notFound')}
        </p>
      )}
      {result && <SearchResult key={result.user_id} person={result} />}
      <ListGroup>
        <ListRow label={t('people.search.scan')} to={PATHS.scan} />
        <ListRow label={t('people.search.myQr')} to={PATHS.qrcode} />
      </ListGroup>
    </>
  );
}

function SearchResult({ person }: { person: PersonInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [relation, setRelation] = useState<Relation>(person.relation);
  const [adding, setAdding] = useState(false);
  const accept = async () => {
    if (!person.friend_id) return;
    const done = await answerRequest(person.friend_id, true).then(
      () => true,
      () => false,
    );
    if (!done) return;
    friendsStore.answered();
    showToast(t('people.friendsNow'));
    void reloadChatList();
    setRelation('friend');
  };
  return (
    <section aria-label={t('people.search.result')} className="mt-2">
      <div className="flex items-center gap-3 bg-white px-4 py-3">
        <Link to={contactDetailPath(person.user_id)} className="flex min-w-0 flex-1 items-center gap-3">
          <Avatar name={person.displayName} src={person.avatar || undefined} size={48} />
          <span className="flex min-w-0 flex-col">
            <span className="truncate text-[16px] text-neutral-900">{person.displayName}</span>
            <span className="truncate text-[13px] text-neutral-500">
              {t('chatDetail.account', { account: person.account })}
            </span>
          </span>
        </Link>
        <span className="shrink-0 text-[14px]">
          {relation === 'none' && !adding && (
            <button
              type="button"
              onClick={() => setAdding(true)}
              className="h-8 rounded-md bg-brand-dark px-4 text-white"
            >
              {t('people.search.add')}
            </button>
          )}
          {relation === 'sent' && <span className="text-neutral-500">{t('people.search.sent')}</span>}
          {relation === 'self' && <span className="text-neutral-500">{t('people.search.self')}</span>}
          {relation === 'received' && (
            <button
              type="button"
              onClick={() => void accept()}
              className="h-8 rounded-md bg-brand-dark px-4 text-white"
            >
              {t('people.requests.accept')}
            </button>
          )}
          {relation === 'friend' && <span className="text-neutral-500">{t('people.search.friends')}</span>}
        </span>
      </div>
      {relation === 'friend' && (
        <button
          type="button"
          onClick={() => void navigate(chatPath(keyOf(person.user_id)))}
          className="block h-12 w-full border-t border-black/5 bg-white text-[16px] text-[#576b95] active:bg-neutral-100"
        >
          {t('people.detail.sendMessage')}
        </button>
      )}
      {relation === 'received' && (
        <p className="bg-white px-4 pb-3 text-[13px] text-neutral-500">{t('people.search.received')}</p>
      )}
      {adding && relation === 'none' && (
        <AddFriendForm
          userId={person.user_id}
          onCancel={() => setAdding(false)}
          onDone={(next) => {
            setAdding(false);
            setRelation(next);
          }}
        />
      )}
    </section>
  );
}
