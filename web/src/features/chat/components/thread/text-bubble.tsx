// A text message: plain text with its line breaks, http(s) URLs as safe external links.
// Nothing from the message is ever parsed as HTML; React renders every part as text.
import { Fragment } from 'react';
import { BubbleFrame } from './bubble-frame';
import { isSingleEmoji, linkify } from './linkify';

export function TextBubble({ text, mine }: { text: string; mine: boolean }) {
  if (isSingleEmoji(text)) return <EmojiBubble emoji={text} />;
  return (
    <BubbleFrame mine={mine} className="whitespace-pre-wrap wrap-anywhere">
      {linkify(text).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer" className="text-[#576b95] underline decoration-[#576b95]/40">
            {part.text}
          </a>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </BubbleFrame>
  );
}

/** A lone emoji is shown big without a bubble, like a sticker. */
export function EmojiBubble({ emoji }: { emoji: string }) {
  return <div className="px-1 text-[52px] leading-[64px] select-none">{emoji.trim()}</div>;
}
