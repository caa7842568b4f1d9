// A text message: plain text with its line breaks, http(s) URLs as safe external links.
// Nothing from the message is ever parsed as HTML; React renders every part as text.
// The bubble keeps room at the end of its last line for the time drawn in its corner. In a group,
// the people the message mentions are marked (bolder when it is me or everyone) and open their card.
import { Fragment } from 'react';

import { emojiOnlyCount } from '../../emoji/emoji-only';
import { BubbleFrame } from './bubble-frame';
import { linkify } from './linkify';
import { mentionParts } from './mention-parts';
import { MetaRoom } from './message-meta';

export interface BubbleMentions {
  /** Whom the message mentions (0: everyone), by the name the text carries. */
  targets: { id: number; name: string }[];
  me: number;
  /** Opens a mentioned person's card; absent where the group does not let me open them. */
  onTap?: (userId: number) => void;
}

function Linked({ text }: { text: string }) {
  return linkify(text).map((part, i) =>
    part.kind === 'link' ? (
      <a
        key={i}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer"
        className="text-[#576b95] underline decoration-[#576b95]/40"
      >
        {part.text}
      </a>
    ) : (
      <Fragment key={i}>{part.text}</Fragment>
    ),
  );
}

export function TextBubble({
  text,
  mine,
  mentions,
  edited = false,
}: {
  text: string;
  mine: boolean;
  mentions?: BubbleMentions;
  /** Its sender changed it: the corner also says "edited". */
  edited?: boolean;
}) {
  if (emojiOnlyCount(text) > 0) return <EmojiBubble emoji={text} />;
  return (
    <BubbleFrame mine={mine} className="whitespace-pre-wrap wrap-anywhere">
      {mentionParts(text, mentions?.targets ?? []).map((part, i) => {
        if (part.kind === 'text') return <Linked key={i} text={part.text} />;
        const forMe = part.id === 0 || part.id === mentions!.me;
        const look = `text-[#576b95] ${forMe ? 'font-bold' : 'font-medium'}`;
        const tap = mentions!.onTap;
        return tap && part.id !== 0 && part.id !== mentions!.me ? (
          <button
            key={i}
            type="button"
            data-mention={part.id}
            className={`${look} inline rounded-sm`}
            onClick={(e) => {
              e.stopPropagation();
              tap(part.id);
            }}
          >
            {part.text}
          </button>
        ) : (
          <span key={i} data-mention={part.id} className={look}>
            {part.text}
          </span>
        );
      })}
      <MetaRoom mine={mine} edited={edited} />
    </BubbleFrame>
  );
}

/** Big sizes for one, two or three emoji alone; anything else gets the smallest. */
const EMOJI_SIZE = ['text-[52px] leading-[64px]', 'text-[44px] leading-[54px]', 'text-[36px] leading-[46px]'];

/** A message of only a few emoji is shown big without a bubble, like a sticker. */
export function EmojiBubble({ emoji }: { emoji: string }) {
  const size = EMOJI_SIZE[Math.max(1, emojiOnlyCount(emoji)) - 1] ?? EMOJI_SIZE[2];
  return (
    <div data-emoji-only="" className={`px-1 font-emoji select-none ${size}`}>
      {emoji.trim()}
    </div>
  );
}
