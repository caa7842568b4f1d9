// A text message: plain text with its line breaks, http(s) URLs as safe external links.
// Nothing from the message is ever parsed as HTML; React renders every part as text.
// The bubble keeps room at the end of its last line for the time drawn in its corner.
import { Fragment } from 'react';
import { emojiOnlyCount } from '../../emoji/emoji-only';
import { BubbleFrame } from './bubble-frame';
import { linkify } from './linkify';
import { MetaRoom } from './message-meta';

export function TextBubble({ text, mine }: { text: string; mine: boolean }) {
  if (emojiOnlyCount(text) > 0) return <EmojiBubble emoji={text} />;
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
      <MetaRoom mine={mine} />
    </BubbleFrame>
  );
}

/** Big sizes for one, two or three emoji alone; anything else gets the smallest. */
const EMOJI_SIZE = ['text-[52px] leading-[64px]', 'text-[44px] leading-[54px]', 'text-[36px] leading-[46px]'];

/** A message of only a few emoji is shown big without a bubble, like a sticker. */
export function EmojiBubble({ emoji }: { emoji: string }) {
  const size = EMOJI_SIZE[Math.max(1, emojiOnlyCount(emoji)) - 1] ?? EMOJI_SIZE[2];
  return <div data-emoji-only="" className={`px-1 font-emoji select-none ${size}`}>{emoji.trim()}</div>;
}

