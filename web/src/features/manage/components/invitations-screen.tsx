// manage/invite/*: invitation codes for registration by invitation. Each row says how many it let
// in, until when and whether it still works, with its link to copy; new codes take a number of
// uses (0: any) and days; a code can be revoked.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { showDialog } from '@web/components/ui/dialog';
import { showToast } from '@web/components/ui/toast';
import { useTranslation } from '@web/lib/i18n';

import { addInvitation, fetchInvitations, type Invitation, revokeInvitation } from '../api/manage-api';
import { useConsoleReadOnly } from '../operator';
import { ConsoleScreen, EmptyRow, Field, formatTime, FormDialog, Pager, SmallButton } from './console-ui';

const LIMIT = 20;

type State = 'active' | 'revoked' | 'expired' | 'used';
function stateOf(i: Invitation, now: number): State {
  if (i.revoked) return 'revoked';
  if (i.expires_at <= now) return 'expired';
  if (i.max_uses > 0 && i.uses >= i.max_uses) return 'used';
  return 'active';
}

export function InvitationsScreen() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const readOnly = useConsoleReadOnly();
  const q = { page, limit: LIMIT };
  const { data } = useQuery({
    queryKey: ['manage', 'invitations', q],
    queryFn: () => fetchInvitations(q),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['manage', 'invitations'] });
  // Read once when the list opens; a code expiring while it is open still shows as active.
  const [now] = useState(() => Math.floor(Date.now() / 1000));

  const copy = (url: string) =>
    navigator.clipboard?.writeText(url).then(
      () => showToast(t('manage.invites.copied')),
      () => showToast(url, 5000),
    ) ?? showToast(url, 5000);

  const revoke = async (code: string) => {
    if (!(await showDialog(t('manage.invites.revokeAsk', { code }), { showCancel: true }))) return;
    await revokeInvitation(code).then(
      () => showToast(t('manage.invites.revoked')),
      () => undefined,
    );
    refresh();
  };

  return (
    <ConsoleScreen
      title={t('manage.nav.invitations')}
      actions={
        <SmallButton tone="primary" disabled={readOnly} onClick={() => setAdding(true)}>
          {t('manage.invites.add')}
        </SmallButton>
      }
    >
      <p className="mb-3 text-[13px] text-neutral-600">{t('manage.invites.help')}</p>
      <ul
        aria-label={t('manage.nav.invitations')}
        className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white"
      >
        {data?.rows.map((i) => {
          const state = stateOf(i, now);
          return (
            <li key={i.code} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
              <div className="min-w-48 flex-1">
                <p className="font-mono text-[15px] text-neutral-900">{i.code}</p>
                <p className="text-[13px] text-neutral-600">
                  {i.max_uses > 0
                    ? t('manage.invites.uses', { uses: i.uses, max: i.max_uses })
                    : t('manage.invites.usesNoLimit', { count: i.uses })}
                  {' · '}
                  {t('manage.invites.expires', { time: formatTime(i.expires_at) })}
                  {i.creator_name && ` · ${i.creator_name}`}
                </p>
              </div>
              <span
                className={`rounded px-2 py-0.5 text-[12px] ${state === 'active' ? 'bg-brand/10 text-brand-dark' : 'bg-neutral-100 text-neutral-700'}`}
              >
                {t(`manage.invites.state.${state}`)}
              </span>
              <div className="flex gap-2">
                <SmallButton onClick={() => void copy(i.url)}>
                  {t('manage.invites.copy')}
                  <span className="sr-only"> {i.code}</span>
                </SmallButton>
                {state === 'active' && (
                  <SmallButton tone="danger" disabled={readOnly} onClick={() => void revoke(i.code)}>
                    {t('manage.invites.revoke')}
                    <span className="sr-only"> {i.code}</span>
                  </SmallButton>
                )}
              </div>
            </li>
          );
        })}
        {data?.rows.length === 0 && <EmptyRow />}
      </ul>
      {data && <Pager page={page} limit={LIMIT} count={data.count} onPage={setPage} />}
      {adding && (
        <AddInvitation
          onClose={() => {
            setAdding(false);
            refresh();
          }}
        />
      )}
    </ConsoleScreen>
  );
}

function AddInvitation({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [uses, setUses] = useState('1');
  const [days, setDays] = useState('7');
  const [busy, setBusy] = useState(false);
  const u = Number(uses);
  const d = Number(days);
  const valid = Number.isInteger(u) && u >= 0 && u <= 10_000 && Number.isInteger(d) && d >= 1 && d <= 365;
  return (
    <FormDialog
      title={t('manage.invites.addTitle')}
      submitLabel={t('manage.invites.create')}
      busy={busy}
      valid={valid}
      onSubmit={() => {
        setBusy(true);
        addInvitation(u, d).then(
          (made) => {
            showToast(t('manage.invites.created', { code: made.code }));
            onClose();
          },
          () => setBusy(false),
        );
      }}
      onClose={onClose}
    >
      <Field
        label={t('manage.invites.usesLabel')}
        help={t('manage.invites.usesHelp')}
        type="number"
        min={0}
        max={10_000}
        value={uses}
        onChange={(e) => setUses(e.target.value)}
        autoFocus
      />
      <Field
        label={t('manage.invites.daysLabel')}
        type="number"
        min={1}
        max={365}
        value={days}
        onChange={(e) => setDays(e.target.value)}
      />
    </FormDialog>
  );
}
