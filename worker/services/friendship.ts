// Whether two users are friends, read from the pair of rows between them (db/friends.ts keeps one
// per direction): both must say FRIENDS, so a request or a one-sided removal is not a friendship.
import type { PairRows } from '../db/friends';
import { FRIEND_STATUS } from '../protocol/people';

export const areFriends = (pair: PairRows) =>
  pair.mine?.status === FRIEND_STATUS.FRIENDS && pair.theirs?.status === FRIEND_STATUS.FRIENDS;
