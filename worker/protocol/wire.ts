// The shapes of a message and of the people on it as they travel to clients: one valibot schema
// each, whose inferred type the Worker builds against and the web app parses with.
import * as v from 'valibot';

export const MESSAGE_TYPES = ['text', 'emoji', 'image', 'voice', 'video', 'file'] as const;
/** `event` is a recalled message or a system line; `webrtc` a call record (calls.ts). */
export const MessageTypeSchema = v.picklist([...MESSAGE_TYPES, 'event', 'webrtc']);
export type MessageType = v.InferOutput<typeof MessageTypeSchema>;

/** A user id or `group-N`, as the reference sends it: a number for a user, a string for a group. */
export const WireContactIdSchema = v.union([v.number(), v.string()]);

/** The sender card embedded in every message; built on the server, never taken from the body. */
/** A message's reactions: each emoji and who reacted with it, in the order they came. */
export const ReactionsSchema = v.array(v.object({ emoji: v.string(), user_ids: v.array(v.number()) }));
export type Reactions = v.InferOutput<typeof ReactionsSchema>;

export const UserCardSchema = v.object({
  id: v.number(),
  user_id: v.number(),
  realname: v.string(),
  displayName: v.string(),
  avatar: v.string(),
});
export type UserCard = v.InferOutput<typeof UserCardSchema>;

const FileInfoSchema = v.object({
  file_id: v.number(),
  name: v.string(),
  size: v.number(),
  ext: v.string(),
  width: v.optional(v.number()),
  height: v.optional(v.number()),
  duration: v.optional(v.number()),
});
export type FileInfo = v.InferOutput<typeof FileInfoSchema>;

/** A stored message as the ConversationHub keeps and returns it (server side only). */
export interface StoredMessage {
  msg_id: number;
  seq: number;
  id: string;
  conversation: string;
  type: MessageType;
  content: string;
  extends: Record<string, unknown> | null;
  pid: number;
  sendTime: number;
  from_user: number;
  fromUser: UserCard;
  is_undo: number;
  file: FileInfo | null;
}

/** A message as a client sees it: routed to a contact (never by the server's ConversationId), with read state for own messages. */
export const WireMessageSchema = v.object({
  msg_id: v.number(),
  seq: v.number(),
  id: v.string(),
  type: MessageTypeSchema,
  content: v.string(),
  extends: v.nullable(v.record(v.string(), v.unknown())),
  pid: v.number(),
  sendTime: v.number(),
  from_user: v.number(),
  fromUser: UserCardSchema,
  /** Reactions: each emoji and who reacted with it; left out when none. */
  reactions: v.optional(ReactionsSchema),
  is_undo: v.number(),
  file: v.nullable(FileInfoSchema),
  status: v.literal('succeed'),
  toContactId: WireContactIdSchema,
  toUser: WireContactIdSchema,
  is_group: v.number(),
  is_read: v.number(),
  fileName: v.optional(v.string()),
  fileSize: v.optional(v.number()),
  file_id: v.optional(v.number()),
});
export type WireMessage = v.InferOutput<typeof WireMessageSchema>;
