// Who is typing: a socket's `typing` frame goes to the chat's other side, only to
// people with a socket open, and is never logged, replayed or pushed. It rides the socket that is
// already open (an incoming socket message costs a twentieth of a request). Each user's hub limits
// what it relays (TypingLimit, in memory: a limit, not a record), and nothing is relayed while
// chatInfo.online is off, nor from anyone but an operator while the site is closed.
import { loadConfig } from '../../db/config';
import { isKnownGroup } from '../../db/known-groups';
import { siteClosedTo } from '../../db/site-closed';
import { isActiveUser } from '../../db/users';
import { chatSwitch } from '../../protocol/config-values';
import { groupIdOf } from '../../protocol/ids';
import type { TypingFrame } from '../../protocol/socket';
import { conversationOf, isGroupContact, pairMembers } from '../../services/conversations';
import { conversationHub, userHub } from '../stubs';

/** A renewal closer than this to the last one relayed for the same chat is dropped (clients renew every 3 s). */
export const TYPING_SPACING_MS = 2000;
/** Relays per user per minute, across chats: a client gone wrong costs its peers little. */
export const TYPING_PER_MINUTE = 30;
const CHATS_TRACKED = 200;

export class TypingLimit {
  /** Conversation → when its last `typing: true` was relayed; a `false` is relayed only after one. */
  private readonly started = new Map<string, number>();
  private recent: number[] = [];

  allow(conversation: string, typing: boolean, now: number): boolean {
    this.recent = this.recent.filter((at) => now - at < 60_000);
    if (this.recent.length >= TYPING_PER_MINUTE) return false;
    const at = this.started.get(conversation);
    if (typing) {
      if (at !== undefined && now - at < TYPING_SPACING_MS) return false;
      if (this.started.size >= CHATS_TRACKED) this.started.clear();
      this.started.set(conversation, now);
    } else {
      if (at === undefined) return false;
      this.started.delete(conversation);
    }
    this.recent.push(now);
    return true;
  }
}

/** Relays `uid`'s typing frame: to the peer's hub, or through the group's hub to its members with a socket. */
export async function relayTyping(env: Env, limit: TypingLimit, uid: number, frame: TypingFrame): Promise<void> {
  const contact = String(frame.toContactId);
  // A group key names a group by number; anything else would wake a hub for nothing.
  if (isGroupContact(contact) && groupIdOf(contact) === null) return;
  const conversation = conversationOf(uid, contact);
  if (!conversation || !limit.allow(conversation, frame.typing, Date.now())) return;
  if (!chatSwitch((await loadConfig(env.DB)).chatInfo, 'online')) return;
  if (await siteClosedTo(env.DB, uid)) return;
  // A made-up group or person must never create a hub (each is stored, and costs, for good): D1 is
  // asked first (both answers are cached by the isolate).
  if (isGroupContact(conversation)) {
    if (await isKnownGroup(env.DB, conversation))
      await conversationHub(env, conversation).typing(conversation, uid, frame.typing);
    return;
  }
  const peer = pairMembers(conversation)!.find((id) => id !== uid)!;
  if (await isActiveUser(env.DB, peer)) await userHub(env, peer).typingFrom(uid, uid, frame.typing);
}
