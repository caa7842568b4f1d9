// The grey block under a text that quotes an earlier message: who said it and what. The server
// writes the quote from the quoted message; anything but text shows as its type's placeholder.
import { type TFunction, useTranslation } from '@web/lib/i18n';
import { shownName } from '@web/lib/person-name';

import { typePlaceholder } from '../chat-list/chat-preview';

export interface QuoteInfo {
  msg_id: number;
  content: string;
  user_id?: number;
  realname?: string;
  type?: string;
}

export function quoteOf(ext: Record<string, unknown> | null | undefined): QuoteInfo | null {
  const quote = ext?.quote as Partial<QuoteInfo> | undefined;
  return quote && typeof quote.content === 'string' ? (quote as QuoteInfo) : null;
}

/** "Name: text", with a placeholder in the reader's language for anything but text. */
export function quoteLine(quote: QuoteInfo, t: TFunction): string {
  const text =
    quote.type && quote.type !== 'text'
      ? (typePlaceholder(quote.type, t) ?? t('chat.placeholder.message'))
      : quote.content;
  // A quote of someone whose account was deleted names nobody: it says "Deleted user", as their messages do.
  const name = quote.realname || (quote.user_id ? shownName('') : '');
  return name ? `${name}: ${text}` : text;
}

/** The quote; with `onOpen`, a button that shows the quoted message. */
export function QuoteBlock({ quote, onOpen }: { quote: QuoteInfo; onOpen?: () => void }) {
  const { t } = useTranslation();
  const className =
    'mt-1 block max-w-full rounded-[4px] bg-black/[0.05] px-2 py-1.5 text-left text-[13px] leading-[18px] text-neutral-500';
  const line = quoteLine(quote, t);
  const text = <span className="line-clamp-2 wrap-anywhere whitespace-pre-wrap">{line}</span>;
  if (!onOpen) return <div className={className}>{text}</div>;
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={t('chat.showQuoted', { quote: line })}
      className={`${className} active:bg-black/10`}
    >
      {text}
    </button>
  );
}
