// Every frame the server pushes on the socket, as one valibot
// variant on `type`. The UserHub builds each frame's data against these types; the web app parses
// every incoming frame with ServerFrameSchema at the socket and drops one that does not parse, so
// no handler ever sees half a frame.
import * as v from 'valibot';

import { WebrtcEventSchema } from './calls';
import { GONE_REASONS, GroupCardSchema, GroupSettingSchema } from './groups';
import { ApplyCountSchema, type FriendApplyEvent, FriendApplyEventSchema, UserUpdateSchema } from './people';
import { ChatPrefsSchema, ChatSummarySchema } from './responses';
import { ReactionsSchema, WireContactIdSchema, WireMessageSchema } from './wire';

const seq = v.pipe(v.number(), v.integer(), v.minValue(0));

/** A message pushed live: `contactInfo` tells a receiver how to show a chat it did not have yet. */
const MessageEventSchema = v.object({
  ...WireMessageSchema.entries,
  contactInfo: v.optional(
    v.object({ id: WireContactIdSchema, displayName: v.string(), avatar: v.string(), is_group: v.number() }),
  ),
  /** The chat's unread count after this message, for this user. */
  unread: v.number(),
});

export type MessageEvent = v.InferOutput<typeof MessageEventSchema>;
/** A `simple` frame's data is a message, or a friend request for the 'system' inbox. */
export const isMessageEvent = (data: MessageEvent | FriendApplyEvent): data is MessageEvent =>
  data.toContactId !== 'system';

/** A recall: each client words the notice in its own language from these fields. */
const UndoEventSchema = v.object({
  id: v.string(),
  msg_id: v.number(),
  from_user: v.number(),
  sendTime: v.number(),
  type: v.literal('event'),
  is_undo: v.literal(1),
  toContactId: WireContactIdSchema,
  toUser: WireContactIdSchema,
  contactId: WireContactIdSchema,
  /** Who recalled it, when not its sender (a group's owner or admin). */
  undo_by: v.optional(v.object({ id: v.number(), name: v.string() })),
  /** 1: an operator removed it (a report), which the notice says instead. */
  moderated: v.optional(v.literal(1)),
});

/** A one-to-one peer read my messages up to `seq` (`ids`: those just read). */
const IsReadEventSchema = v.object({
  toContactId: WireContactIdSchema,
  reader: v.number(),
  seq,
  ids: v.array(v.string()),
});

/**
 * A chat was read up to `seq`: by me on another device (`unread` 0), by a one-to-one peer, or — to
 * the author of the newest message read in a group — by `readers` members so far.
 */
const ReadAllEventSchema = v.object({
  toContactId: WireContactIdSchema,
  reader: v.number(),
  seq,
  unread: v.optional(v.number()),
  readers: v.optional(v.number()),
});

/** The data of each event type; every event frame is `{type, time, data, seq}`. */
const EVENT_DATA = {
  /** A one-to-one message, or a friend request for the 'system' inbox (toContactId 'system'). */
  simple: v.union([MessageEventSchema, FriendApplyEventSchema]),
  group: MessageEventSchema,
  undoMessage: UndoEventSchema,
  /**
   * A message's text changed (its sender edited it), named as the reference's frame is:
   * `id` the client id, `msg_id` the seq, `edited` when (ms, also in `extends.edited`).
   */
  updateMessage: v.object({
    id: v.string(),
    msg_id: v.number(),
    type: v.literal('text'),
    content: v.string(),
    edited: v.number(),
    /** When it was sent (ms): a chat list without the thread loaded knows whether it is the last message. */
    sendTime: v.number(),
    toContactId: WireContactIdSchema,
  }),
  /** A message's reactions changed: its whole summary now, so a replay lands on the same state. */
  reaction: v.object({
    toContactId: WireContactIdSchema,
    msg_id: v.number(),
    reactions: ReactionsSchema,
  }),
  isRead: IsReadEventSchema,
  readAll: ReadAllEventSchema,
  /** Retention deleted unread messages: the chat's count now. */
  setUnread: v.object({ id: WireContactIdSchema, unread: v.number() }),
  setChatTop: ChatPrefsSchema,
  setIsNotice: ChatPrefsSchema,
  delChat: ChatPrefsSchema,
  isOnline: v.object({ id: v.number(), is_online: v.number() }),
  /** The account logged in on another device; each client decides whether that signs it out. */
  offline: v.object({ id: v.number(), client_id: v.string(), isMobile: v.boolean() }),
  /** A new contact to show (friends): its chat-list row. */
  appendContact: v.partial(ChatSummarySchema, [
    'account',
    'setting',
    'motto',
    'index',
    'last_seen',
    'is_top',
    'is_notice',
    'unread',
    'lastContent',
    'lastContentUndo',
    'lastSendTime',
    'lastFrom',
    'type',
  ]),
  /**
   * A chat is gone from my list: a group dissolved or left (`group-N`), or — as the reference
   * re-uses it — a friend who deleted me or whom I deleted (their user id).
   */
  /** A group: `reason` says why I am out of it (its chat stays read-only); a person: a friendship ended. */
  removeGroup: v.object({ group_id: WireContactIdSchema, reason: v.optional(v.picklist(GONE_REASONS)) }),
  /** My count of pending friend requests changed (answered on another device, withdrawn…). */
  applyCount: ApplyCountSchema,
  /** Someone's name, avatar or signature changed, or my remark for them did. */
  updateUser: UserUpdateSchema,
  // Group changes, to every member, and to a removed member the one removing them.
  /** I am in a new group (created with me, or I was added): its card, with my role. */
  addGroup: GroupCardSchema,
  addGroupUser: v.object({ group_id: v.string(), user_ids: v.array(v.number()) }),
  removeUser: v.object({ group_id: v.string(), user_id: v.number() }),
  setManager: v.object({ group_id: v.string(), user_id: v.number(), role: v.number() }),
  editGroupName: v.object({ id: v.string(), displayName: v.string(), editUserName: v.string() }),
  setNotice: v.object({ group_id: v.string(), notice: v.string() }),
  groupSetting: v.object({ group_id: v.string(), setting: GroupSettingSchema }),
  changeOwner: v.object({ group_id: v.string(), user_id: v.number() }),
  /** A member's mute: until when (unix s; 0 or past when it ended). */
  setNoSpeak: v.object({ group_id: v.string(), user_id: v.number(), no_speak_time: v.number() }),
  /** The owner (or a system admin) cleared the group's history: every message is gone, nothing is unread. */
  clearMessage: v.object({ group_id: v.string() }),
  /** A member's nickname in the group ('' when they cleared it). */
  groupNickname: v.object({ group_id: v.string(), user_id: v.number(), nickname: v.string() }),
  /** The group's uploaded picture (its URL). */
  groupAvatar: v.object({ group_id: v.string(), avatar: v.string() }),
  /** An announcement published or changed (its text), or deleted (`status` 0). */
  announcement: v.object({
    id: v.number(),
    title: v.string(),
    content: v.string(),
    status: v.number(),
    create_time: v.number(),
    update_time: v.number(),
  }),
  /** An operator saved the configuration: getSystemInfo's answer, without demon_mode. */
  updateConfig: v.looseObject({
    sysInfo: v.looseObject({}),
    chatInfo: v.looseObject({}),
    fileUpload: v.looseObject({}),
  }),
  /**
   * Call signalling, relayed by the UserHubs and never logged: a replay
   * of an old call's frames would ring again. `otherOpt`: my other device answered or hung up.
   */
  webrtc: WebrtcEventSchema,
  /**
   * Someone is typing in a chat: `toContactId` as my list names the chat (their user id,
   * or `group-N`). Relayed to open sockets only: never logged, replayed or pushed.
   */
  typing: v.object({ toContactId: WireContactIdSchema, user_id: v.number(), typing: v.boolean() }),
} as const;

export type EventType = keyof typeof EVENT_DATA;
export const EVENT_TYPES = Object.keys(EVENT_DATA) as EventType[];
export type EventData<T extends EventType> = v.InferOutput<(typeof EVENT_DATA)[T]>;

const eventFrame = <T extends EventType>(type: T) =>
  v.object({ type: v.literal(type), time: v.number(), seq, data: EVENT_DATA[type] });

export const ServerFrameSchema = v.variant('type', [
  v.object({ type: v.literal('init'), client_id: v.string(), seq }),
  /** More was missed than a sync replays: reload the chat list and open threads. */
  v.object({ type: v.literal('resync'), seq }),
  v.object({ type: v.literal('error'), data: v.object({ code: v.number(), msg: v.string() }) }),
  v.object({ type: v.literal('pong') }),
  eventFrame('simple'),
  eventFrame('group'),
  eventFrame('undoMessage'),
  eventFrame('updateMessage'),
  eventFrame('reaction'),
  eventFrame('isRead'),
  eventFrame('readAll'),
  eventFrame('setUnread'),
  eventFrame('updateConfig'),
  eventFrame('announcement'),
  eventFrame('setChatTop'),
  eventFrame('setIsNotice'),
  eventFrame('delChat'),
  eventFrame('isOnline'),
  eventFrame('offline'),
  eventFrame('appendContact'),
  eventFrame('removeGroup'),
  eventFrame('applyCount'),
  eventFrame('updateUser'),
  eventFrame('addGroup'),
  eventFrame('addGroupUser'),
  eventFrame('removeUser'),
  eventFrame('setManager'),
  eventFrame('editGroupName'),
  eventFrame('setNotice'),
  eventFrame('groupSetting'),
  eventFrame('changeOwner'),
  eventFrame('setNoSpeak'),
  eventFrame('clearMessage'),
  eventFrame('groupNickname'),
  eventFrame('groupAvatar'),
  eventFrame('webrtc'),
  eventFrame('typing'),
]);
export type ServerFrame = v.InferOutput<typeof ServerFrameSchema>;
export type ServerFrameType = ServerFrame['type'];
export type FrameOf<T extends ServerFrameType> = Extract<ServerFrame, { type: T }>;

/** What a UserHub pushes for one event, before it is logged and numbered. */
export type Outgoing = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];
