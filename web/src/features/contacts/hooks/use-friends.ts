// React bindings of the friends store.
import { useEffect } from 'react';
import { friendsStore, useFriendsState } from '../state/friends-store';

/** Keeps the friend-request count live while signed in (mounted once, in the signed-in layout). */
export function useFriendsSession(): void {
  useEffect(() => {
    friendsStore.start();
    return () => friendsStore.stop();
  }, []);
}

/** My pending received friend requests: the address book tab's and the "New invites" row's badge. */
export const usePendingRequests = () => useFriendsState((s) => s.pending);
