// React bindings of the friends store (the signed-in session starts and feeds it).
import { useFriendsState } from '../state/friends-store';

/** My pending received friend requests: the address book tab's and the "New invites" row's badge. */
export const usePendingRequests = () => useFriendsState((s) => s.pending);
