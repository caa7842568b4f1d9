// A group's details as TanStack queries (the session's client, lib/query-client): its card
// with whether I am out of it, its members whole (a chat screen) or a page at a time (the member
// list). Kept live by the group frames (group-live.ts); a change made here reloads them too.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import {
  fetchGroupInfo,
  fetchMemberPage,
  fetchMembers,
  type GroupInfo,
  type GroupMember,
  MEMBER_PAGE,
} from '../api/groups-api';

export interface GroupEntry {
  info: GroupInfo | null;
  members: GroupMember[];
  loaded: boolean;
  /** Dissolved, or I was removed: the screens say so instead of offering actions. */
  gone: boolean;
}

export type GroupData = Omit<GroupEntry, 'loaded'>;

export const groupKeys = {
  /** Everything held about one group: what a frame about it invalidates. */
  all: (key: string) => ['group', key] as const,
  /** The card, with every member when `roster` (the member list pages them itself: a group may have 500). */
  entry: (key: string, roster: boolean) => ['group', key, 'entry', roster] as const,
  pages: (key: string) => ['group', key, 'pages'] as const,
  everyone: (key: string) => ['group', key, 'everyone'] as const,
};

export const groupQuery = (key: string, roster: boolean) =>
  queryOptions({
    queryKey: groupKeys.entry(key, roster),
    queryFn: async (): Promise<GroupData> => {
      const [info, members] = await Promise.all([fetchGroupInfo(key), roster ? fetchMembers(key) : []]);
      return { info, members, gone: info.role === 0 && !info.isJoin };
    },
  });

const EMPTY: GroupData = { info: null, members: [], gone: false };

/**
 * A group's entry as `me` sees it, loaded on first use and kept live while anything shows it.
 * `roster` false: the screen does not need every member (the member list loads them a page at a time).
 */
export function useGroup(key: string | null, me: number, { roster = true }: { roster?: boolean } = {}): GroupEntry {
  // Nothing to ask before I am known (the session starts the chat store, which knows me).
  const { data, status } = useQuery({ ...groupQuery(key ?? '', roster), enabled: !!key && !!me });
  return { ...(data ?? EMPTY), loaded: !!key && status !== 'pending' };
}

/** The member list's pages: page n holds members up to n × MEMBER_PAGE; a reload asks each again. */
export const memberPagesQuery = (key: string) =>
  infiniteQueryOptions({
    queryKey: groupKeys.pages(key),
    queryFn: ({ pageParam }) => fetchMemberPage(key, pageParam, MEMBER_PAGE),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.members.length, 0) < last.total && last.members.length > 0
        ? pages.length + 1
        : undefined,
  });

export const useMemberPageQuery = (key: string) => useInfiniteQuery(memberPagesQuery(key));

/** Every member at once, for a search through the member list. */
export const useEveryoneQuery = (key: string, enabled: boolean) =>
  useQuery({ queryKey: groupKeys.everyone(key), queryFn: () => fetchMembers(key), enabled });
