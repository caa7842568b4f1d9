// A person's page (the original's /pages/contacts/detail): avatar, name (their real name beside my remark
// for them), the remark to edit, account (masked by the server), signature, gender and (a friend's) region;
// Send message, voice and video calls (when the server allows calls), Add friend or Delete friend by how we stand. Opened with
// ?id=<user id>, or ?qr=<card token> from a scanned card, which the server resolves (or refuses:
// an expired or forged code shows its words).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';

import { friendsOnlyMode, sysSwitch } from '@protocol/config-values';
import type { Relation } from '@protocol/people';
import { Avatar } from '@web/components/ui/avatar';
import { showDialog } from '@web/components/ui/dialog';
import { ListGroup, ListRow } from '@web/components/ui/list-row';
import { showToast } from '@web/components/ui/toast';
import { PATHS } from '@web/config/paths';
import { ApiError } from '@web/lib/api-client';
import { reloadChatList } from '@web/lib/chat-list-reload';
import { useTranslation } from '@web/lib/i18n';
import { storedSystemInfo } from '@web/lib/system-info';

import { startCall, useCallsEnabled } from '../../calls';
import { chatPath, keyOf } from '../../chat';
import { answerRequest, deleteFriend, fetchPerson, type PersonInfo, resolveCard } from '../api/people-api';
import { friendsStore } from '../state/friends-store';
import { AddFriendForm } from './add-friend-form';
import { RemarkForm } from './remark-form';

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; person: PersonInfo };

function useLoadPerson(id: string | null, qr: string | null): [Load, (update: (p: PersonInfo) => PersonInfo) => void] {
  const { t } = useTranslation();
  const client = useQueryClient();
  const queryKey = ['person', id, qr];
  const query = useQuery({
    queryKey,
    queryFn: () => {
      const userId = Number(id);
      return qr
        ? resolveCard(qr)
        : Number.isInteger(userId) && userId > 0
          ? fetchPerson(userId)
          : Promise.reject(new Error('no id'));
    },
  });
  const { error } = query;
  // A refusal carries the server's words (an expired QR code: scan.failure).
  const failed = (): Load => ({
    state: 'failed',
    message:
      error instanceof ApiError && error.kind === 'refused'
        ? error.message
        : t(qr ? 'people.detail.qrFailed' : 'people.detail.notFound'),
  });
  const load: Load = query.isPending
    ? { state: 'loading' }
    : query.data
      ? { state: 'ready', person: query.data }
      : failed();
  const update = (change: (p: PersonInfo) => PersonInfo) =>
    client.setQueryData<PersonInfo>(queryKey, (p) => (p ? change(p) : p));
  return [load, update];
}

const GENDER = { 0: 'people.detail.female', 1: 'people.detail.male' } as const;

export function ContactDetail({ id, qr }: { id: string | null; qr: string | null }) {
  const { t } = useTranslation();
  const [load, update] = useLoadPerson(id, qr);
  if (load.state === 'loading')
    return <p className="py-16 text-center text-[14px] text-neutral-500">{t('common.loading')}</p>;
  if (load.state === 'failed')
    return (
      <p role="alert" className="px-6 py-16 text-center text-[15px] text-neutral-700">
        {load.message}
      </p>
    );
  return <PersonCard person={load.person} update={update} />;
}

function PersonCard({
  person,
  update,
}: {
  person: PersonInfo;
  update: (change: (p: PersonInfo) => PersonInfo) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const calls = useCallsEnabled();
  const relation = person.relation;
  const setRelation = (next: Relation) => update((p) => ({ ...p, relation: next }));
  // Run mode 2 sends only between friends (the server refuses the rest); mode 1 lets anyone write.
  const canMessage = relation === 'friend' || (relation !== 'self' && !friendsOnlyMode(storedSystemInfo().sysInfo));
  const gender = GENDER[person.sex as 0 | 1] ?? 'people.detail.unknown';
  // Where they last logged in from says roughly where they are: a friend's only, while the operator
  // shows it (the server already leaves it out for anyone else; an older answer is not trusted).
  const region = relation === 'friend' && sysSwitch(storedSystemInfo().sysInfo, 'ipregion') ? person.location : '';

  const { accept, remove } = useFriendship(person, setRelation);

  return (
    <>
      <PersonHeader person={person} />

      {relation === 'friend' && (
        <RemarkRow
          person={person}
          onSaved={(nickname, displayName) => update((p) => ({ ...p, nickname, displayName }))}
        />
      )}

      <ListGroup>
        {person.motto && <ListRow label={t('people.detail.signature')} value={person.motto} />}
        <ListRow label={t('people.detail.gender')} value={t(gender)} />
        {region && <ListRow label={t('people.detail.region')} value={region} />}
      </ListGroup>

      {relation !== 'self' && (
        <div className="mt-3 flex flex-col divide-y divide-neutral-100 border-y border-neutral-100">
          {canMessage && (
            <button
              type="button"
              onClick={() => void navigate(chatPath(keyOf(person.user_id)))}
              className="h-14 bg-white text-[16px] font-medium text-[#576b95] active:bg-neutral-100"
            >
              {t('people.detail.sendMessage')}
            </button>
          )}
          {canMessage &&
            calls &&
            ([false, true] as const).map((video) => (
              <button
                key={String(video)}
                type="button"
                onClick={() =>
                  startCall({ id: person.user_id, name: person.displayName, avatar: person.avatar }, video)
                }
                className="h-14 bg-white text-[16px] font-medium text-[#576b95] active:bg-neutral-100"
              >
                {video ? t('people.detail.videoCall') : t('people.detail.voiceCall')}
              </button>
            ))}
          {relation === 'none' && !adding && (
            <button
              type="button"
              onClick={() => setAdding(true)}
              className="h-14 bg-white text-[16px] font-medium text-brand-dark active:bg-neutral-100"
            >
              {t('people.detail.addFriend')}
            </button>
          )}
          {relation === 'sent' && (
            <p className="bg-white py-4 text-center text-[15px] text-neutral-600">{t('people.search.sent')}</p>
          )}
          {relation === 'received' && (
            <button
              type="button"
              onClick={() => void accept()}
              className="h-14 bg-white text-[16px] font-medium text-brand-dark active:bg-neutral-100"
            >
              {t('people.requests.accept')}
            </button>
          )}
          {relation === 'friend' && (
            <button
              type="button"
              onClick={() => void remove()}
              className="h-14 bg-white text-[16px] text-danger active:bg-neutral-100"
            >
              {t('people.detail.deleteFriend')}
            </button>
          )}
        </div>
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
    </>
  );
}

/** The person's picture, the name I see them by, their own name under my remark, and their account. */
function PersonHeader({ person }: { person: PersonInfo }) {
  const { t } = useTranslation();
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-name`} className="flex items-center gap-4 bg-white px-4 py-5">
      <Avatar name={person.displayName} src={person.avatar || undefined} size={64} />
      <div className="min-w-0">
        <h2 id={`${ids}-name`} className="truncate text-[20px] font-medium text-neutral-900">
          {person.displayName}
        </h2>
        {person.nickname && person.realname && (
          <p className="truncate text-[14px] text-neutral-600">
            {t('people.detail.realname', { name: person.realname })}
          </p>
        )}
        {person.account && (
          <p className="truncate text-[14px] text-neutral-600">
            {t('chatDetail.account', { account: person.account })}
          </p>
        )}
      </div>
    </section>
  );
}

/** A friend's remark: a row that opens its form. */
function RemarkRow({
  person,
  onSaved,
}: {
  person: PersonInfo;
  onSaved: (nickname: string, displayName: string) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  return editing ? (
    <RemarkForm
      person={person}
      onCancel={() => setEditing(false)}
      onSaved={(nickname, displayName) => {
        setEditing(false);
        onSaved(nickname, displayName);
      }}
    />
  ) : (
    <ListGroup>
      <button
        type="button"
        onClick={() => setEditing(true)}
        className="flex min-h-14 w-full items-center gap-3 bg-white px-4 text-left text-[16px] text-neutral-900 active:bg-neutral-100"
      >
        <span className="flex-1">{t('people.detail.setRemark')}</span>
        <span className="truncate text-[15px] text-neutral-500">{person.nickname}</span>
      </button>
    </ListGroup>
  );
}

/** Accepting their request and deleting the friend, each told in a toast; a deleted friend's page closes. */
function useFriendship(person: PersonInfo, setRelation: (next: Relation) => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = async () => {
    if (!person.friend_id) return;
    if (
      !(await answerRequest(person.friend_id, true).then(
        () => true,
        () => false,
      ))
    )
      return;
    friendsStore.answered();
    showToast(t('people.friendsNow'));
    void reloadChatList();
    setRelation('friend');
  };

  const remove = async () => {
    if (!(await showDialog(t('people.detail.deleteConfirm', { name: person.displayName }), { showCancel: true })))
      return;
    if (
      !(await deleteFriend(person.user_id).then(
        () => true,
        () => false,
      ))
    )
      return;
    showToast(t('people.detail.deleted'));
    // The removeGroup frame drops the chat too; this covers a socket that is away.
    void reloadChatList();
    void navigate(PATHS.contacts, { replace: true });
  };

  return { accept, remove };
}
