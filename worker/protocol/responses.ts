// The `data` of every response the web app reads: one valibot schema each. The
// Worker builds these with `satisfies`; the web app parses them with the same schema.
import * as v from 'valibot';

import { GONE_REASONS, GroupSettingSchema, SystemLineSchema } from './groups';
import { MessageTypeSchema, ReactionsSchema, UserCardSchema, WireContactIdSchema, WireMessageSchema } from './wire';

/** A person in the address book, with live presence (getContactInfo; the base of a chat-list row). */
export const ContactCardSchema = v.object({
  ...UserCardSchema.entries,
  motto: v.string(),
  /** The letter the address book files the person under. */
  index: v.string(),
  is_group: v.number(),
  is_online: v.number(),
  /** When an offline contact was last online (unix seconds); 0 while online or when unknown. */
  last_seen: v.number(),
});
export type ContactCard = v.InferOutput<typeof ContactCardSchema>;

/** One row of getContacts: the person, and my chat with them (empty fields when there is none). */
export const ChatSummarySchema = v.object({
  ...ContactCardSchema.entries,
  /** A person's user id, or `group-N` for a group. */
  id: WireContactIdSchema,
  account: v.string(),
  /** A person's row: []; a group's: its settings. */
  setting: v.union([v.array(v.unknown()), GroupSettingSchema]),
  /** Groups only: my role (1 owner, 2 admin, 3 member), the owner and the member count. */
  role: v.optional(v.number()),
  owner_id: v.optional(v.number()),
  groupUserCount: v.optional(v.number()),
  /** Groups only: 1 while a message mentioning me (or everyone) is unread: the list's "[@ me]". */
  is_at: v.optional(v.number()),
  /** The message (msg_id) that mentions me, to open the chat at ("jump to the mention"); 0 when none. */
  at_msg_id: v.optional(v.number()),
  /** People only: 1 when we are friends (both sides accepted), else 0; run mode 1's address book lists them apart. */
  is_friend: v.optional(v.picklist([0, 1])),
  /** People only: 1 when an operator deleted their account: the chat stays, read-only. */
  is_deleted: v.optional(v.picklist([0, 1])),
  is_top: v.number(),
  is_notice: v.number(),
  unread: v.number(),
  lastContent: v.string(),
  /** 1 the last message was recalled; 2 an operator removed it (UNDO_MODERATED). */
  lastContentUndo: v.number(),
  lastSendTime: v.number(),
  lastFrom: v.number(),
  /** Groups only: the last sender's name as I name them, for the preview's "Chi: …". */
  lastFromName: v.optional(v.string()),
  type: v.optional(MessageTypeSchema),
  /** Groups only: the last message is a system line, and what it records, so the list words it as live frames do. */
  lastSystem: v.optional(v.nullable(SystemLineSchema)),
  /** Groups I am no longer in (removed, left, dissolved): the chat stays, read-only, until I delete it. */
  gone: v.optional(v.picklist(GONE_REASONS)),
  /** Groups without an uploaded picture: up to nine members (owner and admins first), drawn as the group's collage. */
  collage: v.optional(v.array(v.object({ name: v.string(), avatar: v.string() }))),
});
export type ChatSummary = v.InferOutput<typeof ChatSummarySchema>;
export const ChatSummaryListSchema = v.array(ChatSummarySchema);

export const MessageListSchema = v.array(WireMessageSchema);

/** setChatTop, isNotice, delChat answer (and echo to the user's devices) what was saved. */
export const ChatPrefsSchema = v.object({
  id: WireContactIdSchema,
  is_group: v.number(),
  is_top: v.optional(v.number()),
  is_notice: v.optional(v.number()),
  hidden: v.optional(v.number()),
});
export type ChatPrefs = v.InferOutput<typeof ChatPrefsSchema>;

export const ReadResultSchema = v.object({ readSeq: v.number() });
export type ReadResult = v.InferOutput<typeof ReadResultSchema>;

/** wsTicket: the one-time ticket a socket opens with. */
export const TicketSchema = v.object({ ticket: v.string() });
export type Ticket = v.InferOutput<typeof TicketSchema>;

/** reactMessage: the message's reactions after mine was toggled. */
export const ReactionResultSchema = v.object({ msg_id: v.number(), reactions: ReactionsSchema });
export type ReactionResult = v.InferOutput<typeof ReactionResultSchema>;

/** lastContentUndo of a chat whose last message an operator removed (a report). */
export const UNDO_MODERATED = 2;
