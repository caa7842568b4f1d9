// A group reached by its QR code (/pages/message/group/info?qr=<token>): its card and Join, or
// Open chat when I am in it already. The server refuses an expired or forged code with its words.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { reloadChatList } from '@web/lib/chat-list-reload';
import { useTranslation } from '@web/lib/i18n';

import { type GroupCard, joinGroup, resolveGroupQr } from '../api/groups-api';

type State = { status: 'loading' } | { status: 'ready'; card: GroupCard } | { status: 'failed' };

export function JoinGroupCard({ token, onOpen }: { token: string; onOpen: (key: string) => void }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ['groupQr', token], queryFn: () => resolveGroupQr(token) });
  const state: State = query.isPending
    ? { status: 'loading' }
    : query.data
      ? { status: 'ready', card: query.data }
      : { status: 'failed' };
  const [busy, setBusy] = useState(false);

  if (state.status === 'loading')
    return (
      <p role="status" className="py-16 text-center text-[14px] text-neutral-500">
        {t('common.loading')}
      </p>
    );
  if (state.status === 'failed')
    return (
      <p role="alert" className="px-10 py-16 text-center text-[15px] text-danger">
        {t('groups.join.invalid')}
      </p>
    );
  const { card } = state;
  const member = card.role > 0;
  const join = async () => {
    setBusy(true);
    try {
      const joined = await joinGroup(token);
      await reloadChatList();
      onOpen(joined.id);
    } catch {
      setBusy(false);
    }
  };
  return (
    <div className="px-4 pt-8 pb-8">
      <div className="mx-auto flex max-w-[360px] flex-col items-center rounded-xl bg-white p-6">
        <Avatar name={card.displayName} src={card.avatar || undefined} size={72} />
        <h2 className="mt-3 text-center text-[18px] font-medium text-neutral-900">{card.displayName}</h2>
        <p className="mt-1 text-[14px] text-neutral-600">{t('groups.memberCount', { count: card.groupUserCount })}</p>
        {!member && card.setting.invite === 0 && (
          <p className="mt-3 text-center text-[14px] text-neutral-600">{t('groups.join.closed')}</p>
        )}
      </div>
      <div className="mx-auto mt-6 max-w-[360px]">
        {member ? (
          <Button onClick={() => onOpen(card.id)}>{t('groups.info.openChat')}</Button>
        ) : (
          <Button onClick={() => void join()} disabled={busy || card.setting.invite === 0}>
            {t('groups.join.submit')}
          </Button>
        )}
      </div>
    </div>
  );
}
