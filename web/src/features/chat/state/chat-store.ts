// The chat store: a small state machine outside React (bound with useSyncExternalStore) that
// owns the chat list and open threads. The signed-in session (app/signed-in-session.ts) starts
// and stops it and hands it its frames (receive); frames and REST answers go through pure
// functions (apply-frame, thread-ops); this file only wires them to the network.
import { friendsOnlyMode, sysSwitch } from '@protocol/config-values';
import { isGroupContact } from '@protocol/ids';
import { MOBILE_UA } from '@protocol/socket';
import { onServerAnswer } from '@web/lib/api-client';
import { reloadChatList } from '@web/lib/chat-list-reload';
import { createStore } from '@web/lib/create-store';
import { realtime } from '@web/lib/realtime';
import { storedSystemInfo } from '@web/lib/system-info';

import * as api from '../api/chat-api';
import { type ChatState, type Contact, type ContactKey, keyOf } from '../types';
import { applyFrame, type ChatFrame, dropRemoved, type Effect } from './apply-frame';
import { applyCallOutcome, type CallOutcome } from './call-record';
import { OfflineSync, withKeptPictures } from './offline-copy';
import { Sender } from './sender';
import { CLEARED_CHAT, dropCached, forgetHistory, mergeMessages, thread, withContact, withThread } from './thread-ops';

function listen(target: EventTarget, type: string, handler: () => void): () => void {
  target.addEventListener(type, handler);
  return () => target.removeEventListener(type, handler);
}

const initial = (me: number): ChatState => ({
  me,
  contacts: [],
  contactsLoaded: false,
  threads: {},
  openContact: null,
  socket: 'idle',
});
const PAGE = 20;

export class ChatStore {
  private readonly store = createStore<ChatState>(initial(0));
  /** Unsubscribes from the realtime connection; null while stopped. */
  private unsubscribe: (() => void) | null = null;
  readonly sender = new Sender(this);
  private readonly offline = new OfflineSync(this);
  /** Chats whose first page could not be fetched (no network): read when the socket is back. */
  private readonly unfetched = new Set<ContactKey>();
  onEffect: (effect: Effect) => void = () => {};

  readonly subscribe = this.store.subscribe;
  readonly getState = this.store.get;
  readonly use = this.store.use;

  set(update: (s: ChatState) => ChatState): void {
    this.store.set(update);
  }

  private get state(): ChatState {
    return this.store.get();
  }

  start(me: number): void {
    if (this.unsubscribe && this.state.me === me) return;
    // A page loaded at a chat's address opens the chat before the session starts (a screen's
    // effects run before its layout's): that chat stays the open one.
    const open = this.unsubscribe ? null : this.state.openContact;
    this.stop();
    this.store.set({ ...initial(me), openContact: open, socket: realtime.getStatus() });
    this.offline.start(me);
    void reloadChatList();
    void this.sender.restore();
    const offs = [
      realtime.onStatus((socket) => this.set((s) => ({ ...s, socket }))),
      realtime.onOpen(() => {
        // After every open the list may be stale (what came before this socket, or while it was
        // away), the peer's presence too; re-send the outbox. Messages are not replayed by `sync`
        //: the list and the open thread are read again, and other threads when next opened.
        void reloadChatList();
        const open = this.state.openContact;
        this.set((s) => forgetHistory(s, open ?? undefined));
        if (open && !isGroupContact(open)) void this.refreshPresence(open);
        if (open && thread(this.state, open).loaded) void this.loadNewest(open);
        // A chat opened without network (a start offline shows its kept page) is read now.
        else if (open && this.unfetched.has(open)) void this.loadOlder(open);
        void this.sender.flush();
      }),
      // Signs the network is back, whether or not the socket was replaced: unsent messages go now.
      realtime.onAnyFrame(() => this.sender.networkBack()),
      onServerAnswer(() => this.sender.networkBack()),
      listen(window, 'online', () => this.sender.networkBack()),
    ];
    this.unsubscribe = () => offs.forEach((off) => off());
  }

  /** Signing out: forget this user's chats, so none show to the next. */
  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.sender.stop();
    this.offline.stop();
    this.unfetched.clear();
    this.set(() => initial(0));
  }

  reconnect = () => realtime.reconnect();

  /** A frame for the chat list or a thread (the session's frame table sends each here). */
  receive(frame: ChatFrame): void {
    const device = {
      clientId: realtime.clientId,
      isMobile: MOBILE_UA.test(navigator.userAgent),
      multipleLogin: sysSwitch(storedSystemInfo().sysInfo, 'multipleLogin'),
      hidden: document.visibilityState === 'hidden',
      friendsOnly: friendsOnlyMode(storedSystemInfo().sysInfo),
    };
    const { state, effects } = applyFrame(this.state, frame, device);
    this.set(() => state);
    for (const effect of effects) this.run(effect);
  }

  private run(effect: Effect): void {
    if (effect.kind === 'markRead') void this.markRead(effect.contact);
    else if (effect.kind === 'reloadContacts') void reloadChatList();
    else if (effect.kind === 'reloadOpenThread' && this.state.openContact) void this.openChat(this.state.openContact);
    this.onEffect(effect);
  }

  /** Loads the chat list; answers the pending friend requests its envelope reports (for the contacts feature's badge). */
  async loadContacts(): Promise<{ count: number; newest: number } | undefined> {
    const answer = await api.fetchContacts().catch(() => null);
    if (!answer) return undefined;
    // "[@ me]": the server's mark (is_at, kept by my hub until I read the chat), or one a frame set
    // here that the list may not have caught up with yet (still unread).
    const marked = new Set(this.state.contacts.filter((c) => c.atMe).map((c) => keyOf(c.id)));
    const contacts = answer.contacts
      .map((c) => (c.is_at === 1 || (marked.has(keyOf(c.id)) && c.unread > 0) ? { ...c, atMe: true } : c))
      .map((c) => this.keptCollage(c));
    this.set((s) => ({ ...s, contacts, contactsLoaded: true }));
    return answer.requests ?? undefined;
  }

  /**
   * A group I am out of keeps the picture it had here (the kept list's, after a reload) when the
   * server has none to draw any more: a dissolved group has no members left for its collage.
   */
  private keptCollage(c: Contact): Contact {
    const before = this.contact(keyOf(c.id));
    return before ? withKeptPictures([c], [before])[0]! : c;
  }

  /** This tab's own hang-up: the server's answer carries the record's outcome (frames tell the other tabs). */
  recordCallOutcome(outcome: CallOutcome): void {
    this.set((s) => applyCallOutcome(s, outcome));
  }

  contact(key: ContactKey) {
    return this.state.contacts.find((c) => keyOf(c.id) === key);
  }

  async openChat(key: ContactKey): Promise<void> {
    this.set((s) => withContact({ ...s, openContact: key }, key, { unread: 0, atMe: false }));
    if (!isGroupContact(key)) void this.refreshPresence(key);
    // A group I am out of: the server still answers its history up to my last line there (read-only),
    // but takes no read marks. Whether I am is in the chat list, so a group opened first thing waits for it.
    else await this.contactsReady();
    if (!thread(this.state, key).loaded) await this.loadOlder(key);
    if (this.contact(key)?.gone) return;
    await this.markRead(key);
  }

  /** Resolves once the chat list has been loaded (at once when it has). */
  private contactsReady(): Promise<void> {
    if (this.state.contactsLoaded) return Promise.resolve();
    return new Promise((resolve) => {
      const stop = this.subscribe(() => {
        if (!this.state.contactsLoaded) return;
        stop();
        resolve();
      });
    });
  }

  private async refreshPresence(key: ContactKey): Promise<void> {
    const info = await api.fetchContactInfo(key).catch(() => null);
    if (info) this.set((s) => withContact(s, key, { is_online: info.is_online, last_seen: info.last_seen }));
  }

  closeChat(key: ContactKey): void {
    // A friend removed while their chat was open leaves the list once the chat closes (apply-frame: removeGroup).
    if (this.state.openContact === key) this.set((s) => dropRemoved({ ...s, openContact: null }));
  }

  /** Merges the newest page into a loaded thread: what came while no socket could bring it. */
  /** The newest page after a reconnect; when more was missed than a page holds, it replaces what was shown. */
  private async loadNewest(key: ContactKey): Promise<void> {
    const page = await api.fetchHistory(key, undefined, PAGE).catch(() => null);
    if (!page) return;
    const before = thread(this.state, key).messages;
    const known = before.reduce((max, m) => (m.status === 'succeed' ? Math.max(max, m.seq) : max), 0);
    this.set((s) =>
      withThread(s, key, (old) => {
        const shown = old.messages.reduce((max, m) => (m.status === 'succeed' ? Math.max(max, m.seq) : max), 0);
        if (page.length < PAGE || (page[0]?.seq ?? 0) <= shown + 1) return mergeMessages(old, page);
        const pending = { ...old, messages: old.messages.filter((m) => m.status !== 'succeed') };
        return { ...mergeMessages(pending, page), hasMore: true };
      }),
    );
    // What came while the socket was away is read as a live message would be: the chat is on screen.
    const arrived = page.some((m) => m.seq > known && m.fromUser.id !== this.state.me);
    if (arrived && this.state.openContact === key) void this.markRead(key);
  }

  /** Loads the page before the oldest message shown (the first page when none is). */
  async loadOlder(key: ContactKey): Promise<void> {
    const t = thread(this.state, key);
    const oldest = t.messages.find((m) => m.status === 'succeed');
    // The first page is read again once the socket is back (unfetched), so its network failure is
    // no news: a chat opened offline shows its kept page without a "network timeout".
    // A group I left before the server kept what I saw there refuses its history: what is kept stays, quietly.
    const quiet = Boolean(this.contact(key)?.gone);
    const page = await api
      .fetchHistory(key, t.loaded ? oldest?.msg_id : undefined, PAGE, quiet ? { quiet } : { quietNetwork: !t.loaded })
      .catch(() => null);
    if (!t.loaded && !page) this.unfetched.add(key);
    if (!page) return;
    this.unfetched.delete(key);
    const peerRead = page
      .filter((m) => m.fromUser.id === this.state.me && m.is_read)
      .reduce((max, m) => Math.max(max, m.seq), 0);
    this.set((s) =>
      withThread(s, key, (old) => ({
        // The first page replaces what the offline copy showed (recalled, cleared or long past).
        ...mergeMessages(old.loaded ? old : dropCached(old), page),
        loaded: true,
        hasMore: page.length >= PAGE,
        peerReadSeq: Math.max(old.peerReadSeq, peerRead),
      })),
    );
  }

  /** Pin or unpin: shown at once, undone if the server refuses; the setChatTop echo agrees. */
  pinChat(key: ContactKey, pinned: boolean): Promise<void> {
    return this.optimistic(key, { is_top: pinned ? 1 : 0 }, (c) => api.setChatTop(key, pinned, c.is_group));
  }

  /** Mute (is_notice 0) or unmute, the same way as pinChat. */
  muteChat(key: ContactKey, muted: boolean): Promise<void> {
    return this.optimistic(key, { is_notice: muted ? 0 : 1 }, (c) => api.setChatNotice(key, !muted, c.is_group));
  }

  /** Drops the chat from the list (its history stays on the server), as the delChat echo does. */
  removeChat(key: ContactKey): Promise<void> {
    return this.optimistic(key, CLEARED_CHAT, (c) => api.deleteChat(key, c.is_group));
  }

  private async optimistic(
    key: ContactKey,
    patch: Partial<Contact>,
    call: (c: Contact) => Promise<unknown>,
  ): Promise<void> {
    const before = this.contact(key);
    if (!before) return;
    this.set((s) => withContact(s, key, patch));
    try {
      await call(before);
    } catch (error) {
      const restore = Object.fromEntries(
        Object.keys(patch).map((k) => [k, before[k as keyof Contact]]),
      ) as Partial<Contact>;
      this.set((s) => withContact(s, key, restore));
      throw error;
    }
  }

  async markRead(key: ContactKey): Promise<void> {
    const c = this.contact(key);
    await api.markRead(key, c?.is_group ?? 0).catch(() => undefined);
    this.set((s) => withContact(s, key, { unread: 0, atMe: false }));
  }
}

export const chatStore = new ChatStore();
