// Pure: a new message pushed to me (a friend's or a group's): the thread and the chat's row
// take it, and the effects say whether to mark it read, reload the list or ring.
import type { MessageEvent } from '@protocol/frames';
import { isAnnouncementExt, mentions } from '@protocol/message-rules';

import { type ChatState, type Contact, keyOf } from '../types';
import { systemLineOf } from '../utils/group-event-text';
import type { Effect, FrameDevice } from './apply-frame';
import { contactKeyOf, mergeMessages, withContact, withThread } from './thread-ops';

export function receiveMessage(
  state: ChatState,
  m: MessageEvent,
  device: FrameDevice,
): { state: ChatState; effects: Effect[] } {
  const key = contactKeyOf(m, state.me);
  const mine = m.fromUser.id === state.me;
  const open = state.openContact === key;
  const { contactInfo, unread, ...message } = m;
  let s = withThread(state, key, (t) => (t.loaded || mine ? mergeMessages(t, [{ ...message, status: 'succeed' }]) : t));
  const existing = s.contacts.find((c) => keyOf(c.id) === key);
  const unreadNow = mine || open ? 0 : unread;
  const created: Contact = {
    id: contactInfo?.id ?? (m.is_group ? m.toContactId : Number(key)),
    displayName: contactInfo?.displayName ?? m.fromUser.displayName,
    avatar: contactInfo?.avatar ?? '',
    is_group: m.is_group,
    is_online: 1,
    is_top: 0,
    is_notice: 1,
    unread: 0,
    lastContent: '',
    lastSendTime: 0,
  };
  // The announcement keeps a 'notice' record, as the server's row does (user/chat-events.ts), so the list shows it as one.
  const lastSystem =
    systemLineOf(m.extends) ??
    (m.is_group && isAnnouncementExt(m.extends)
      ? { kind: 'notice' as const, actor: { id: m.fromUser.id, name: m.fromUser.displayName }, targets: [] }
      : null);
  s = withContact(
    s,
    key,
    {
      lastContent: m.content,
      lastContentUndo: 0,
      lastSendTime: m.sendTime,
      lastFrom: m.fromUser.id,
      lastFromName: m.fromUser.displayName,
      type: m.type,
      unread: unreadNow,
      lastSystem,
    },
    created,
  );
  if (!mine && !open && mentions(m.extends, state.me)) s = withContact(s, key, { atMe: true, at_msg_id: m.msg_id });
  const effects: Effect[] = [];
  if (!existing && !contactInfo) effects.push({ kind: 'reloadContacts' });
  // Not for the line that takes me out of a group: I may not mark it read any more.
  if (open && !mine && !takesMeOut(lastSystem, state.me)) effects.push({ kind: 'markRead', contact: key });
  // The sound and vibration: not for my own messages, not for a muted chat, not for the chat on
  // screen (an open chat in a hidden page is not on screen: it still rings).
  // A call's record arrives as it rings: the call has its own ringtone, so no message sound on top.
  if (!mine && m.type !== 'webrtc' && !(open && !device.hidden) && (existing?.is_notice ?? 1))
    effects.push({ kind: 'notify', contact: key });
  return { state: s, effects };
}

/** A group's line saying I am out of it: the group dissolved, or I was removed or left. */
function takesMeOut(
  line: { kind: string; actor: { id: number }; targets: { id: number }[] } | null,
  me: number,
): boolean {
  if (!line) return false;
  return (
    line.kind === 'dissolved' ||
    (line.kind === 'removed' && line.targets.some((p) => p.id === me)) ||
    (line.kind === 'left' && line.actor.id === me)
  );
}
