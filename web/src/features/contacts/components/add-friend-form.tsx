// The friend request form: a verification message for the other person to read ("I am <my
// name>" unless changed), sent with /enterprise/friend/add. Friends at once when they had asked
// me already; otherwise the request waits for their answer.
import { type FormEvent, useId, useState } from 'react';

import { APPLY_TEXT_MAX, FRIEND_STATUS, type Relation } from '@protocol/people';
import { Button } from '@web/components/ui/button';
import { showToast } from '@web/components/ui/toast';
import { reloadChatList } from '@web/lib/chat-list-reload';
import { useTranslation } from '@web/lib/i18n';
import { storage } from '@web/lib/storage';

import { addFriend } from '../api/people-api';

interface AddFriendFormProps {
  userId: number;
  onDone: (relation: Relation) => void;
  onCancel: () => void;
}

export function AddFriendForm({ userId, onDone, onCancel }: AddFriendFormProps) {
  const { t } = useTranslation();
  const me = storage.getUserInfo();
  const [text, setText] = useState(() => t('people.add.defaultText', { name: me?.realname || me?.displayName || '' }));
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const { status } = await addFriend(userId, text.trim());
      if (status === FRIEND_STATUS.FRIENDS) {
        showToast(t('people.friendsNow'));
        void reloadChatList();
        onDone('friend');
      } else {
        showToast(t('people.add.sentToast'));
        onDone('sent');
      }
    } catch {
      setBusy(false); // The API client told the user why.
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby={`${ids}-title`} className="mt-3 bg-white px-4 py-4">
      <h2 id={`${ids}-title`} className="text-[16px] font-medium text-neutral-900">
        {t('people.add.title')}
      </h2>
      <label htmlFor={`${ids}-text`} className="mt-3 block text-[14px] text-neutral-600">
        {t('people.add.textLabel')}
      </label>
      <textarea
        id={`${ids}-text`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={APPLY_TEXT_MAX}
        rows={3}
        autoFocus
        className="mt-1 w-full resize-none rounded-md bg-page px-3 py-2 text-[15px] text-neutral-900 outline-none focus:ring-2 focus:ring-brand/50"
      />
      <div className="mt-3 flex gap-3">
        <button
          type="button"
          onClick={onCancel}
          className="h-12 w-full rounded-lg border border-neutral-300 text-[17px] text-neutral-700 active:bg-neutral-100"
        >
          {t('people.add.cancel')}
        </button>
        <Button type="submit" disabled={busy}>
          {t('people.add.send')}
        </Button>
      </div>
    </form>
  );
}
