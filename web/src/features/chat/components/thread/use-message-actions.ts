// What the thread's gestures do: the long-press menu (copy, quote, edit, forward, recall, report), the
// failed-message sheet (retry, delete) and Re-edit of a recalled text.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { quoteOfMessage } from '@protocol/message-rules';
import { showDialog } from '@web/components/ui/dialog';
import { showToast } from '@web/components/ui/toast';
import { PATHS } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';

import { reactMessage, recallMessage, reportMessage } from '../../api/chat-api';
import { chatConfig } from '../../config/chat-config';
import { chatStore } from '../../state/chat-store';
import type { ChatMessage } from '../../types';
import { composerDraft } from '../composer/composer-draft';
import { showActionSheet } from './action-sheet';
import { copyText } from './copy-text';
import { type MenuAction, menuActions } from './message-display-rules';
import { showMessageMenu } from './overlays';
import { recallDrafts } from './recall-drafts';

export function useMessageActions(contactKey: string, me: number, redoSeconds: number) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const onMenu = useCallback(
    (message: ChatMessage, target: HTMLElement) => {
      const actions = menuActions(message, { me, redoSeconds, editSeconds: chatConfig().editSeconds, now: Date.now() });
      showMessageMenu({ message, actions, rect: target.getBoundingClientRect() });
    },
    [me, redoSeconds],
  );

  const recall = useCallback(
    async (message: ChatMessage) => {
      if (!(await showDialog(t('chat.recall.confirm'), { showCancel: true }))) return;
      // The server drops the content on recall; keep it here so Re-edit can offer it back.
      if (message.type === 'text') recallDrafts.remember(message.id, message.content);
      // A refusal (e.g. the window just closed) was already shown by the API client.
      await recallMessage(message.id, contactKey).catch(() => recallDrafts.forget(message.id));
    },
    [contactKey, t],
  );

  const report = useCallback(
    async (message: ChatMessage) => {
      // The reasons come with the report's rules, loaded when Report is first chosen.
      const { REPORT_REASONS } = await import('@protocol/manage');
      const choice = await showActionSheet(
        REPORT_REASONS.map((reason) => ({ label: t(`chat.report.${reason}`) })),
        t('chat.report.title'),
      );
      if (choice === null) return;
      // A refusal was already shown by the API client.
      await reportMessage(message.msg_id, contactKey, REPORT_REASONS[choice]!).then(
        () => showToast(t('chat.report.done')),
        () => undefined,
      );
    },
    [contactKey, t],
  );

  const onAction = useCallback(
    (action: MenuAction, message: ChatMessage) => {
      if (action === 'copy') {
        void copyText(message.content).then((ok) => ok && showToast(t('chat.copied')));
      } else if (action === 'quote') {
        const quote = quoteOfMessage(message);
        if (quote) composerDraft.quote(quote);
      } else if (action === 'edit') {
        composerDraft.edit(message.msg_id, message.content);
      } else if (action === 'forward') {
        void navigate(
          `${PATHS.userSelection}?mode=forward&msg=${message.msg_id}&from=${encodeURIComponent(contactKey)}`,
        );
      } else if (action === 'report') {
        void report(message);
      } else {
        void recall(message);
      }
    },
    [contactKey, navigate, recall, report, t],
  );

  const onFailedTap = useCallback(
    async (message: ChatMessage) => {
      // The server's reason (a refusal is the only way a message is marked failed) heads the choices.
      const choice = await showActionSheet(
        [{ label: t('chat.retry') }, { label: t('chat.delete'), danger: true }],
        message.failReason,
      );
      if (choice === 0) void chatStore.sender.retry(contactKey, message.id);
      else if (choice === 1) void chatStore.sender.discard(contactKey, message.id);
    },
    [contactKey, t],
  );

  const onReedit = useCallback((text: string) => composerDraft.fill(text), []);

  // A refusal (the limit of distinct emoji) is shown by the API client; the frame updates the chips.
  const onReact = useCallback(
    (message: ChatMessage, emoji: string) =>
      void reactMessage(contactKey, message.msg_id, emoji).catch(() => undefined),
    [contactKey],
  );

  return { onMenu, onAction, onFailedTap, onReedit, onReact };
}
