// Everything behind login. Loaded lazily so TanStack Query stays out of the login page's
// bundle; a fresh QueryClient per sign-in means one user's cached data never shows to the next.
// It runs the signed-in session (stores, frames, socket: signed-in-session.ts) for as long as
// someone is signed in, with the chat's alerts and the unread total in the browser tab's title.
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';

import { IncomingCallOverlay } from '../features/calls';
import { useChatAlerts, useUnreadTitle } from '../features/chat';
import { makeQueryClient } from '../lib/query-client';
import { storage } from '../lib/storage';
import { session } from './signed-in-session';

export default function SignedInLayout() {
  const [client] = useState(makeQueryClient);
  const [me] = useState(() => storage.getUserInfo()?.user_id);
  useEffect(() => {
    if (!me) return;
    session.start(me, client);
    // Every way out (logout, 401, kicked) leaves this layout for login: the session ends there.
    return () => session.stop();
  }, [me, client]);
  useChatAlerts();
  useUnreadTitle();
  return (
    <QueryClientProvider client={client}>
      <Outlet />
      <IncomingCallOverlay />
    </QueryClientProvider>
  );
}
