// The member list's members, a page (MEMBER_PAGE) at a time as the list scrolls, so a group of 500
// does not load whole to show its first screen: an infinite query, which the group frames
// invalidate (group-live.ts), so the pages shown are asked again when the group changes.
// A search needs everyone: it loads them all once.
import { useCallback, useState } from 'react';

import type { GroupMember } from '../api/groups-api';
import { useEveryoneQuery, useMemberPageQuery } from '../state/group-queries';

export interface MemberPages {
  members: GroupMember[];
  /** How many members the group has. */
  total: number;
  loading: boolean;
  hasMore: boolean;
  more: () => void;
  everyone: () => void;
}

export function useMemberPages(groupKey: string): MemberPages {
  const [all, setAll] = useState(false);
  const pages = useMemberPageQuery(groupKey);
  const everyoneQuery = useEveryoneQuery(groupKey, all);
  const paged = pages.data?.pages.flatMap((p) => p.members) ?? [];
  const members = all && everyoneQuery.data ? everyoneQuery.data : paged;
  const total = all && everyoneQuery.data ? everyoneQuery.data.length : (pages.data?.pages.at(-1)?.total ?? 0);
  const loading = pages.isFetching || everyoneQuery.isFetching;
  const hasMore = !all && pages.hasNextPage;
  const { fetchNextPage } = pages;
  const more = useCallback(() => {
    if (!loading && hasMore) void fetchNextPage();
  }, [loading, hasMore, fetchNextPage]);
  const everyone = useCallback(() => {
    if (hasMore) setAll(true);
  }, [hasMore]);
  return { members, total, loading, hasMore, more, everyone };
}
