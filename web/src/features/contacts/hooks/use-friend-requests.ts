// The friend requests I received or sent, page by page (an infinite query), asked again whenever
// the friends store says they changed (a request arrived live, one was answered on another
// device, friends made or lost): friends-store.ts invalidates them.
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { fetchRequests, type FriendRequest } from '../api/people-api';
import { requestsKey } from '../state/friends-store';

export interface RequestPages {
  items: FriendRequest[];
  loaded: boolean;
  hasMore: boolean;
  busy: boolean;
  loadMore: () => void;
  /** Shows an answer at once (the list is not reloaded for it). */
  patch: (friendId: number, status: FriendRequest['status']) => void;
}

type Page = Awaited<ReturnType<typeof fetchRequests>>;

/** Each request once, where it first appears (a page reloaded after a new request may repeat one). */
const unique = (pages: Page[]) =>
  pages.flatMap((p) => p.items).filter((r, i, all) => all.findIndex((o) => o.friend_id === r.friend_id) === i);

export function useFriendRequests(mine: boolean): RequestPages {
  const client = useQueryClient();
  const queryKey = requestsKey(mine);
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchRequests(mine, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      unique(pages).length < last.total && last.items.length > 0 ? pages.length + 1 : undefined,
  });
  const items = query.data ? unique(query.data.pages) : [];
  const { fetchNextPage, isFetchingNextPage } = query;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, isFetchingNextPage]);
  const patch = useCallback(
    (friendId: number, status: FriendRequest['status']) => {
      client.setQueryData<InfiniteData<Page>>(
        requestsKey(mine),
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((p) => ({
              ...p,
              items: p.items.map((r) => (r.friend_id === friendId ? { ...r, status } : r)),
            })),
          },
      );
    },
    [client, mine],
  );
  return { items, loaded: !query.isPending, hasMore: query.hasNextPage, busy: isFetchingNextPage, loadMore, patch };
}
