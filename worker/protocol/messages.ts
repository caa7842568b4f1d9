// Request schemas and shapes of the messaging calls (enterprise/im).
import * as v from 'valibot';

import { flag, intLike, text } from './fields';
import { CHAT_KEY_PATTERN } from './ids';
import { FORWARD_MAX, TEXT_MESSAGE_MAX } from './limits';
import { MESSAGE_TYPES } from './wire';

export {
  type FileInfo,
  MESSAGE_TYPES,
  type MessageType,
  type StoredMessage,
  type UserCard,
  type WireMessage,
} from './wire';

const PAGE_MAX = 100;

/** A contact id: a user id (number or numeric string) or `group-N`. */
export const contactId = v.pipe(
  v.union([v.number(), v.string()]),
  v.transform(String),
  v.regex(CHAT_KEY_PATTERN, 'system.parameterError'),
);

const clientId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/));

/** Clients of the reference send the whole quote; only which message is used (the hub writes the rest). */
const quote = v.object({ msg_id: intLike() });

export const SendMessageBody = v.object({
  id: clientId,
  type: v.optional(v.picklist(['text', 'emoji'], 'im.forbidChat'), 'text'),
  content: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(TEXT_MESSAGE_MAX, 'im.msgContentLimit')),
  toContactId: contactId,
  is_group: v.optional(intLike()),
  pid: v.optional(intLike()),
  extends: v.optional(v.nullable(v.object({ quote: v.optional(quote) }))),
  /** A group message's mentions: user ids, 0 for everyone ("isALL" from the original's web client). */
  at: v.optional(
    v.pipe(
      v.array(
        v.union([
          v.pipe(intLike(), v.minValue(0)),
          v.pipe(
            v.literal('isALL'),
            v.transform(() => 0),
          ),
        ]),
      ),
      v.maxLength(100),
    ),
  ),
});

/**
 * One emoji (a single grapheme with a pictograph, a flag or a keycap): a reaction, and the content of
 * an `emoji` message, what Parley's emoji picker inserts (the original web client loads that content
 * as an `<img src>`, so nothing else may be stored there).
 */
export function isOneEmoji(s: string): boolean {
  if (s.length > 32) return false;
  const parts = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s)];
  return parts.length === 1 && /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u.test(s);
}

const emoji = v.pipe(v.string('im.badEmoji'), v.check(isOneEmoji, 'im.badEmoji'));

/** Toggles my reaction `emoji` on message `msg_id`. */
export const ReactMessageBody = v.object({ toContactId: contactId, msg_id: v.pipe(intLike(), v.minValue(1)), emoji });

/** Edits my text message `msg_id`: its new text, with the send's limits. */
export const EditMessageBody = v.object({
  toContactId: contactId,
  msg_id: v.pipe(intLike(), v.minValue(1)),
  content: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(TEXT_MESSAGE_MAX, 'im.msgContentLimit')),
});

export const GetMessageListBody = v.object({
  toContactId: contactId,
  is_group: v.optional(intLike()),
  last_id: v.optional(v.pipe(intLike(), v.minValue(0))),
  limit: v.optional(v.pipe(intLike(), v.minValue(1), v.maxValue(PAGE_MAX)), 20),
  page: v.optional(v.pipe(intLike(), v.minValue(1), v.maxValue(100000)), 1),
  type: v.optional(v.picklist(['all', ...MESSAGE_TYPES])),
  keywords: v.optional(text(100)),
});

export const SetMsgIsReadBody = v.object({
  toContactId: contactId,
  is_group: v.optional(intLike()),
});

/** Recalls message `id` (its client id); the reference's clients name no chat, then the server finds it. */
export const UndoMessageBody = v.object({ id: clientId, toContactId: v.optional(contactId) });

export const ForwardMessageBody = v.object({
  user_ids: v.pipe(
    v.array(contactId, 'im.forwardLimit'),
    v.minLength(1, 'im.forwardLimit'),
    v.maxLength(FORWARD_MAX, 'im.forwardLimit'),
  ),
  msg_id: v.pipe(intLike(), v.minValue(1)),
  /** The chat the message is in; the reference's clients leave it out (worker/actions/message-finder.ts). */
  toContactId: v.optional(contactId),
});

export const ChatTopBody = v.object({ id: contactId, is_top: flag(), is_group: v.optional(intLike()) });
export const ChatNoticeBody = v.object({ id: contactId, is_notice: flag(), is_group: v.optional(intLike()) });
export const DelChatBody = v.object({ id: contactId, is_group: v.optional(intLike()) });
export const ContactInfoBody = v.object({ id: contactId });

export const WsTicketBody = v.object({ device_id: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/))) });

/** The `message` field of an upload: which conversation, and what the client recorded. */
export const UploadMessage = v.object({
  id: clientId,
  toContactId: contactId,
  type: v.optional(v.picklist(['image', 'voice', 'video', 'file'])),
  extends: v.optional(
    v.nullable(v.object({ duration: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(24 * 3600))) })),
  ),
});

/** The original web client's file panel (enterprise/files/index). */
export const FilesIndexBody = v.object({
  page: v.optional(v.pipe(intLike(), v.minValue(1), v.maxValue(10_000)), 1),
  limit: v.optional(v.pipe(intLike(), v.minValue(1), v.maxValue(50)), 20),
  keywords: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50)), ''),
  cate: v.optional(v.pipe(intLike(), v.minValue(0), v.maxValue(5)), 0),
  /** 0: my one-to-one chats (the reference's default); 1: every chat of mine. Never anyone else's. */
  is_all: v.optional(v.pipe(intLike(), v.minValue(0), v.maxValue(1)), 0),
  /** 0 all, 1 sent by me, 2 received. */
  role: v.optional(v.pipe(intLike(), v.minValue(0), v.maxValue(2)), 0),
});

/** One file of that panel: the file, the kind of message carrying it, its links, and who sent it. */
export const FileIndexEntrySchema = v.object({
  file_id: v.number(),
  name: v.string(),
  size: v.number(),
  ext: v.string(),
  cate: v.number(),
  msg_type: v.string(),
  create_time: v.number(),
  src: v.string(),
  preview: v.string(),
  download: v.string(),
  extUrl: v.string(),
  user_id_info: v.object({ user_id: v.number(), realname: v.string(), avatar: v.string() }),
});
export type FileIndexEntry = v.InferOutput<typeof FileIndexEntrySchema>;

/** common/upload/uploadImage (an operator's picture for the settings): its absolute URL. */
export const UploadedImageSchema = v.string();
export type UploadedImage = v.InferOutput<typeof UploadedImageSchema>;
