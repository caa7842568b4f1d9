// The people calls, read with the protocol's own schemas (worker/protocol/people.ts).
import * as v from 'valibot';

import {
  FriendAnswerSchema,
  type FriendRequest,
  FriendRequestListSchema,
  type Person as PersonInfo,
  PersonListSchema,
  PersonSchema,
  ScanResultSchema,
  UserUpdateSchema,
} from '@protocol/people';
import { apiPost, apiPostEnvelope } from '@web/lib/api-client';

export type { FriendRequest, PersonInfo };
export const REQUESTS_PAGE = 20;

/** One page of the requests I received (`mine` false) or sent. */
export async function fetchRequests(mine: boolean, page: number): Promise<{ items: FriendRequest[]; total: number }> {
  const { data, count } = await apiPostEnvelope(
    '/enterprise/friend/index',
    { is_mine: mine ? 1 : 0, page, limit: REQUESTS_PAGE },
    FriendRequestListSchema,
  );
  // Without a total, a full page means there may be more.
  return {
    items: data,
    total: count ?? (data.length < REQUESTS_PAGE ? (page - 1) * REQUESTS_PAGE + data.length : Infinity),
  };
}

/** Accepts (true) or declines a request addressed to me. */
export const answerRequest = (friendId: number, accept: boolean) =>
  apiPost('/enterprise/friend/update', { friend_id: friendId, status: accept ? 1 : 0 }, FriendAnswerSchema);

/** Asks to be friends; status 1 = friends at once (they had asked me), 2 = pending. */
export const addFriend = (userId: number, remark: string) =>
  apiPost('/enterprise/friend/add', { user_id: userId, remark }, FriendAnswerSchema);

export const deleteFriend = (userId: number) => apiPost('/enterprise/friend/del', { id: userId }, v.unknown());

export const setRemark = (userId: number, nickname: string) =>
  apiPost('/enterprise/friend/setNickname', { friend_id: userId, nickname }, UserUpdateSchema);

/** Exact account search: nobody or one person. */
export const searchAccount = (account: string) =>
  apiPost('/enterprise/im/searchUser', { keywords: account }, PersonListSchema);

/** The address book's search asks for this many people: a name typed that vaguely matches the first ones. */
export const DIRECTORY_SEARCH_LIMIT = 50;

/** The directory by account, name or pinyin initials (userList), first page: each with how I stand with them. */
export const searchDirectory = (keywords: string) =>
  apiPost('/enterprise/im/userList', { keywords, page: 1, limit: DIRECTORY_SEARCH_LIMIT }, PersonListSchema);

export const fetchPerson = (userId: number) => apiPost('/enterprise/im/getUserInfo', { user_id: userId }, PersonSchema);

/** The person behind a card QR (an expired or forged code is refused with the server's words). */
export const resolveCard = (token: string) => apiPost(`/scan/u/${encodeURIComponent(token)}`, {}, ScanResultSchema);
