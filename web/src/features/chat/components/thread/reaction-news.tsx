// Says a reaction aloud, politely: when a loaded message's reactions change (a `reaction`
// frame, mine or someone's), one status line names who reacted or took a reaction back. A page of
// older messages or a recall changes no message's reactions from one to another, so it says nothing.
import { useEffect, useRef, useState } from 'react';

import { type TFunction, useTranslation } from '@web/lib/i18n';
import { shownName } from '@web/lib/person-name';

import { chatStore } from '../../state/chat-store';
import type { ChatMessage } from '../../types';

type Pair = { emoji: string; user: number };
const pairsOf = (m: ChatMessage): Pair[] =>
  (m.reactions ?? []).flatMap((r) => r.user_ids.map((user) => ({ emoji: r.emoji, user })));
const has = (list: Pair[], p: Pair) => list.some((q) => q.emoji === p.emoji && q.user === p.user);

/** The line for the last reaction change between two renders of a thread, or null. */
export function reactionNews(
  before: ChatMessage[],
  after: ChatMessage[],
  me: number,
  nameOf: (userId: number) => string,
  t: TFunction,
): string | null {
  const old = new Map(before.map((m) => [m.msg_id, m]));
  let news: string | null = null;
  for (const m of after) {
    const was = old.get(m.msg_id);
    if (!was || was.reactions === m.reactions || m.is_undo) continue;
    const [then, now] = [pairsOf(was), pairsOf(m)];
    const say = (p: Pair, added: boolean) => {
      const key = p.user === me ? (added ? 'youAdded' : 'youRemoved') : added ? 'added' : 'removed';
      news = t(`chat.reaction.news.${key}`, { name: nameOf(p.user), emoji: p.emoji });
    };
    then.filter((p) => !has(now, p)).forEach((p) => say(p, false));
    now.filter((p) => !has(then, p)).forEach((p) => say(p, true));
  }
  return news;
}

export function ReactionNews({
  messages,
  me,
  nameOf,
}: {
  messages: ChatMessage[];
  me: number;
  nameOf?: (userId: number) => string | undefined;
}) {
  const { t } = useTranslation();
  const previous = useRef(messages);
  const [line, setLine] = useState('');
  useEffect(() => {
    const before = previous.current;
    previous.current = messages;
    if (before === messages) return;
    const name = (id: number) => shownName(nameOf?.(id) || chatStore.contact(String(id))?.displayName);
    const news = reactionNews(before, messages, me, name, t);
    if (news) setLine(news);
  }, [messages, me, nameOf, t]);
  return (
    <p role="status" aria-live="polite" className="sr-only">
      {line}
    </p>
  );
}
