// The signed-in session: at sign-in it starts every store (chat, friend requests, calls), routes
// the socket's frames to them through one table (frame-table.ts) and opens the socket; at sign-out
// it undoes all of that, so nothing of one user shows to the next (the query client is per sign-in).
// The wiring between stores lives here, not in them: the chat list's envelope gives the friends
// store its count, and a call this tab hung up gives its record the server's final code.
import type { QueryClient } from '@tanstack/react-query';

import type { ServerFrameType } from '@protocol/frames';

import { checkAnnouncements, forgetAnnouncements } from '../features/announcements';
import { callStore } from '../features/calls';
import { chatStore, totalUnread, typingStore } from '../features/chat';
import { friendsStore } from '../features/contacts';
import { groupsReconnected } from '../features/groups';
import { checkForUpdate } from '../lib/app-update/store';
import { setChatListReload } from '../lib/chat-list-reload';
import { setQueryClient } from '../lib/query-client';
import { realtime } from '../lib/realtime';
import { fetchSystemInfo } from '../lib/system-info';
import { followAppBadge } from './app-badge';
import { type FrameTable, frameTable } from './frame-table';

let running: { me: number; stop: () => void } | null = null;

/** The chat list afresh; its envelope carries my pending friend requests. */
async function reloadChatList(): Promise<void> {
  const requests = await chatStore.loadContacts();
  if (requests) friendsStore.reported(requests);
}

function subscribe(table: FrameTable): Array<() => void> {
  return (Object.keys(table) as ServerFrameType[]).map((type) => realtime.on(type, table[type] as never));
}

export const session = {
  /** Signs `me` in: stores started, frames routed, socket opened. Again for the same user: nothing. */
  start(me: number, client: QueryClient): void {
    if (running?.me === me) return;
    session.stop();
    setQueryClient(client);
    const offs = [
      setChatListReload(reloadChatList),
      ...subscribe(frameTable(me)),
      realtime.onOpen(groupsReconnected),
      // A reconnect often follows a deployment (it restarts the Worker): is a new version waiting?
      realtime.onOpen(checkForUpdate),
      // …and the configuration again: an operator may have changed it, or the minimum version.
      realtime.onOpen(() => void fetchSystemInfo(true).catch(() => undefined)),
      // …and whether an announcement came out that this user has not seen here (Mine's dot, across reloads).
      realtime.onOpen(() => void checkAnnouncements(me).catch(() => undefined)),
      // Without a socket nobody's typing can be renewed or stopped: forget it rather than show it stale.
      realtime.onStatus((status) => status !== 'open' && typingStore.clear()),
      callStore.onOutcome((outcome) => chatStore.recordCallOutcome(outcome)),
      followAppBadge(() => totalUnread(chatStore.getState().contacts), chatStore.subscribe),
      keepPushSubscription(),
    ];
    chatStore.start(me);
    callStore.start(me);
    realtime.start(me);
    running = {
      me,
      stop: () => {
        offs.forEach((off) => off());
        realtime.stop();
        callStore.stop();
        chatStore.stop();
        friendsStore.stop();
        typingStore.clear();
        forgetAnnouncements();
      },
    };
  },

  /** Signs out (logout, 401, kicked): the socket closed and every user's data forgotten. */
  stop(): void {
    const current = running;
    running = null;
    current?.stop();
  },
};

/**
 * The server forgets a login's push subscriptions at logout; the browser keeps them. A sign-in
 * posts the one this browser holds again (once the app has settled; nothing is asked of the user).
 */
function keepPushSubscription(): () => void {
  const timer = setTimeout(() => {
    import('../features/settings').then(
      (settings) => settings.repostPushSubscription(),
      () => undefined,
    );
  }, 3000);
  return () => clearTimeout(timer);
}
