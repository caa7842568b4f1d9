// A person as search, the directory, friend requests and cards show them to one viewer: how the
// viewer stands with them, the viewer's remark for them, their letter; never the password hash.
import type { PairRows } from '../db/friends';
import type { UserRow } from '../db/users';
import { FRIEND_STATUS, type Person, type Relation } from '../protocol/people';
import { letterIndex } from './contact-index';
import { areFriends } from './friendship';
import { maskAccount } from './user-view';

const NO_ROWS: PairRows = { mine: null, theirs: null };

/** How `viewer` stands with `userId`, and the pending request between them when there is one. */
export function relationOf(
  viewer: number,
  userId: number,
  pair: PairRows = NO_ROWS,
): { relation: Relation; friend_id?: number } {
  if (viewer === userId) return { relation: 'self' };
  if (areFriends(pair)) return { relation: 'friend' };
  if (pair.mine?.status === FRIEND_STATUS.PENDING) return { relation: 'sent', friend_id: pair.mine.friend_id };
  if (pair.theirs?.status === FRIEND_STATUS.PENDING) return { relation: 'received', friend_id: pair.theirs.friend_id };
  return { relation: 'none' };
}

/** My remark for them: kept on my row, shown only while we are friends. */
export const remarkOf = (pair: PairRows | undefined) => (pair && areFriends(pair) ? pair.mine!.nickname : '');

/** The name `viewer` sees for a person: their remark when set, else the person's own name. */
export const displayNameOf = (realname: string, pair: PairRows | undefined) => remarkOf(pair) || realname;

export function personView(row: UserRow, viewer: number, pair: PairRows = NO_ROWS): Person {
  const nickname = remarkOf(pair);
  return {
    id: row.user_id,
    user_id: row.user_id,
    realname: row.realname,
    displayName: nickname || row.realname,
    nickname,
    account: row.user_id === viewer ? row.account : maskAccount(row.account),
    avatar: row.avatar,
    motto: row.motto,
    sex: row.sex,
    index: letterIndex(row.realname),
    ...relationOf(viewer, row.user_id, pair),
    location: '',
  };
}

/** The pair rows as seen from the other side (their requests list shows me through their eyes). */
export const flipped = (pair: PairRows): PairRows => ({ mine: pair.theirs, theirs: pair.mine });
