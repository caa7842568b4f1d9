// Pure: how one pushed socket frame changes the chat state, plus the side effects the store
// must run (mark a chat read, reload the list, log out, play the new-message sound).
import { type FrameOf, isMessageEvent } from '@protocol/frames';
import { isGroupContact } from '@protocol/ids';
import { shownName } from '@web/lib/person-name';

import { type ChatMessage, type ChatState, keyOf } from '../types';
import { applyCallOutcome, outcomeOf } from './call-record';
import { cleared, edited, recalled, withGroupCard } from './frame-changes';
import { receiveMessage } from './receive-message';
import { CLEARED_CHAT, forgetHistory, forgetSender, withContact, withThread } from './thread-ops';

export type Effect =
  | { kind: 'markRead'; contact: string }
  | { kind: 'reloadContacts' }
  /** The loaded history cannot be trusted any more: reload the chat on screen from the server. */
  | { kind: 'reloadOpenThread' }
  | { kind: 'loggedInElsewhere' }
  | { kind: 'notify'; contact: string };

/** The frames the chat store applies (the session's frame table sends them); the socket parsed each against the protocol already. */
export const CHAT_FRAME_TYPES = [
  'simple',
  'group',
  'undoMessage',
  'isRead',
  'readAll',
  'setUnread',
  'setChatTop',
  'setIsNotice',
  'delChat',
  'isOnline',
  'appendContact',
  'resync',
  'offline',
  'removeGroup',
  'updateUser',
  'updateMessage',
  'reaction',
  // Groups: the rows they add, rename or drop; the group's details are the groups feature's.
  'addGroup',
  'editGroupName',
  'removeUser',
  // A group's picture, and its history cleared for everyone (the thread and the row empty).
  'groupAvatar',
  'clearMessage',
  // Calls: a call's end updates its record in the thread.
  'webrtc',
] as const;
export type ChatFrame = FrameOf<(typeof CHAT_FRAME_TYPES)[number]>;

/** This device as the frames see it; `hidden`: the page is not on screen (another tab, minimised). */
export interface FrameDevice {
  clientId: string;
  isMobile: boolean;
  multipleLogin: boolean;
  hidden?: boolean;
  /** Run mode 2: the chat list follows friendships, so a friend deleted leaves it. */
  friendsOnly?: boolean;
}

export function applyFrame(
  next: ChatState,
  frame: ChatFrame,
  device: FrameDevice,
): { state: ChatState; effects: Effect[] } {
  switch (frame.type) {
    case 'simple':
      // A friend request for the 'system' inbox is the contacts feature's (it counts the badge).
      return isMessageEvent(frame.data) ? receiveMessage(next, frame.data, device) : { state: next, effects: [] };
    case 'group':
      return receiveMessage(next, frame.data, device);
    case 'undoMessage':
      return { state: recalled(next, frame.data), effects: [] };
    case 'reaction': {
      // Someone reacted or took a reaction back: the message's whole summary now.
      const d = frame.data;
      const key = keyOf(d.toContactId);
      const set = (m: ChatMessage): ChatMessage => (m.msg_id === d.msg_id ? { ...m, reactions: d.reactions } : m);
      return { state: withThread(next, key, (t) => ({ ...t, messages: t.messages.map(set) })), effects: [] };
    }
    case 'updateMessage':
      return { state: edited(next, frame.data), effects: [] };
    case 'isRead':
    case 'readAll': {
      const d = frame.data;
      const key = keyOf(d.toContactId);
      if (d.reader === next.me) return { state: withContact(next, key, { unread: 0 }), effects: [] };
      return {
        state: withThread(next, key, (t) => ({ ...t, peerReadSeq: Math.max(t.peerReadSeq, d.seq) })),
        effects: [],
      };
    }
    case 'setUnread':
      // Retention deleted messages this user had not read: the chat's badge counts what is left.
      return {
        state: withContact(next, keyOf(frame.data.id), { unread: Math.max(0, frame.data.unread) }),
        effects: [],
      };
    case 'setChatTop':
      return { state: withContact(next, keyOf(frame.data.id), { is_top: frame.data.is_top ?? 0 }), effects: [] };
    case 'setIsNotice':
      return { state: withContact(next, keyOf(frame.data.id), { is_notice: frame.data.is_notice ?? 1 }), effects: [] };
    case 'delChat':
      return { state: withContact(next, keyOf(frame.data.id), CLEARED_CHAT), effects: [] };
    case 'isOnline':
      // Going offline is the moment they were last seen: the frame's time (unix seconds).
      return {
        state: withContact(next, keyOf(frame.data.id), {
          is_online: frame.data.is_online,
          last_seen: frame.data.is_online ? 0 : frame.time,
        }),
        effects: [],
      };
    case 'appendContact':
      return { state: next, effects: [{ kind: 'reloadContacts' }] };
    case 'removeGroup': {
      const key = keyOf(frame.data.group_id);
      // A friendship ended (a user id): in run mode 1 that person stays in the list, under their
      // own name again (my remark went with the friendship), so the list is asked afresh.
      if (!isGroupContact(key) && !device.friendsOnly) return { state: next, effects: [{ kind: 'reloadContacts' }] };
      // Out of a group (removed, left, dissolved): the chat stays, read-only and saying why, until I delete it.
      if (isGroupContact(key))
        return {
          state: withContact(next, key, { gone: frame.data.reason ?? 'removed', unread: 0, atMe: false, at_msg_id: 0 }),
          effects: [],
        };
      return { state: removeContact(next, key), effects: [] };
    }
    case 'updateUser': {
      // A renamed person, a new avatar, or my remark for them (displayName is the remark then); no name: deleted.
      const d = frame.data;
      const displayName = shownName(d.displayName);
      if (d.realname === '') {
        // A deleted account: its messages already on screen forget the person too, as the server's copies did.
        const state = withContact(forgetSender(next, d.id), keyOf(d.id), { displayName, avatar: '', is_deleted: 1 });
        return { state, effects: [] };
      }
      return { state: withContact(next, keyOf(d.id), { displayName, avatar: d.avatar }), effects: [] };
    }
    case 'addGroup':
      return { state: withGroupCard(next, frame.data), effects: [] };
    case 'groupAvatar':
      return { state: withContact(next, keyOf(frame.data.group_id), { avatar: frame.data.avatar }), effects: [] };
    case 'clearMessage':
      return { state: cleared(next, keyOf(frame.data.group_id)), effects: [] };
    case 'editGroupName':
      return { state: withContact(next, keyOf(frame.data.id), { displayName: frame.data.displayName }), effects: [] };
    case 'removeUser':
      // I left or was removed: the chat stays read-only (removeGroup, right after, says which); others leaving change nothing here.
      if (frame.data.user_id !== next.me) return { state: next, effects: [] };
      return {
        state: withContact(next, keyOf(frame.data.group_id), {
          gone: next.contacts.find((c) => keyOf(c.id) === keyOf(frame.data.group_id))?.gone ?? 'removed',
          unread: 0,
        }),
        effects: [],
      };
    case 'webrtc': {
      const outcome = outcomeOf(frame.data);
      return { state: outcome ? applyCallOutcome(next, outcome) : next, effects: [] };
    }
    case 'resync':
      // Too much was missed to replay (a long sleep, a busy group): what is loaded may lack
      // messages, recalls and reads. Forget it, keeping only what still waits to be sent.
      return { state: forgetHistory(next), effects: [{ kind: 'reloadContacts' }, { kind: 'reloadOpenThread' }] };
    case 'offline': {
      // another mobile login of this account signs this mobile session out.
      const d = frame.data;
      const kicked =
        d.id === next.me && d.client_id !== device.clientId && d.isMobile && device.isMobile && !device.multipleLogin;
      return { state: next, effects: kicked ? [{ kind: 'loggedInElsewhere' }] : [] };
    }
  }
}

/**
 * A friend who deleted me or whom I deleted (their user id), or a group gone: its row and its
 * loaded history leave. A chat open on screen stays readable, marked `removed` (its screen says
 * so), and leaves when it closes (dropRemoved).
 */
function removeContact(state: ChatState, key: string): ChatState {
  if (state.openContact === key) return withContact(state, key, { removed: true, unread: 0 });
  const { [key]: _gone, ...threads } = state.threads;
  return { ...state, contacts: state.contacts.filter((c) => keyOf(c.id) !== key), threads };
}

/** Drops the contacts marked removed that are no longer on screen, with their threads. */
export function dropRemoved(state: ChatState): ChatState {
  const gone = state.contacts.filter((c) => c.removed && keyOf(c.id) !== state.openContact).map((c) => keyOf(c.id));
  if (!gone.length) return state;
  const threads = Object.fromEntries(Object.entries(state.threads).filter(([key]) => !gone.includes(key)));
  return { ...state, contacts: state.contacts.filter((c) => !gone.includes(keyOf(c.id))), threads };
}
