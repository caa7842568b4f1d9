// Everything behind login. Loaded lazily so TanStack Query stays out of the login page's
// bundle; a fresh QueryClient per sign-in means one user's cached data never shows to the next.
// It also runs the chat session (list, socket, outbox) for as long as someone is signed in,
// with the unread total in the browser tab's title.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { callStore, IncomingCallOverlay, useCallSession } from '../features/calls';
import { chatStore, useChatAlerts, useChatSession, useUnreadTitle } from '../features/chat';
import { useFriendsSession } from '../features/contacts';
import { storage } from '../lib/storage';

function useSignedInChat(): void {
  const [me] = useState(() => storage.getUserInfo()?.user_id);
  // Before the chat session: the first chat list's envelope already carries the request count.
  useFriendsSession();
  useChatSession(me);
  // Calls ring wherever the user is: one call store for the whole signed-in app.
  useCallSession(me);
  useChatAlerts();
  useUnreadTitle();
  // Every way out (logout, 401, kicked) leaves this layout for login: close the socket there.
  useEffect(() => () => chatStore.stop(), []);
  // A call this tab hung up: its record in the chat takes the server's final code at once.
  useEffect(() => callStore.onOutcome((outcome) => chatStore.recordCallOutcome(outcome)), []);
}

export default function SignedInLayout() {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  );
  useSignedInChat();
  return (
    <QueryClientProvider client={client}>
      <Outlet />
      <IncomingCallOverlay />
    </QueryClientProvider>
  );
}
