// The friend requests I received or sent, page by page, reloaded whenever the friends store says
// they changed (a request arrived live, one was answered on another device, friends made or lost).
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchRequests, type FriendRequest } from '../api/people-api';
import { useFriendsState } from '../state/friends-store';

export interface RequestPages {
  items: FriendRequest[];
  loaded: boolean;
  hasMore: boolean;
  busy: boolean;
  loadMore: () => void;
  /** Shows an answer at once (the list is not reloaded for it). */
  patch: (friendId: number, status: FriendRequest['status']) => void;
}

/** The newest page first: what is already shown keeps its place, updated, after it. */
const merge = (fresh: FriendRequest[], old: FriendRequest[]) => [...fresh, ...old.filter((o) => !fresh.some((f) => f.friend_id === o.friend_id))];

export function useFriendRequests(mine: boolean): RequestPages {
  const version = useFriendsState((s) => s.version);
  const [items, setItems] = useState<FriendRequest[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [total, setTotal] = useState(0);
  const [busy, setBusy] = useState(false);
  const page = useRef(1);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  // The first page, on arrival and after every change: new requests come first.
  useEffect(() => {
    fetchRequests(mine, 1).then(({ items: fresh, total: count }) => {
      if (!live.current) return;
      setItems((old) => merge(fresh, old));
      setTotal(count);
      setLoaded(true);
    }, () => live.current && setLoaded(true));
  }, [mine, version]);

  const loadMore = useCallback(() => {
    setBusy(true);
    const next = page.current + 1;
    fetchRequests(mine, next).then(({ items: more, total: count }) => {
      if (!live.current) return;
      page.current = next;
      setItems((old) => [...old, ...more.filter((m) => !old.some((o) => o.friend_id === m.friend_id))]);
      setTotal(count);
    }, () => undefined).finally(() => live.current && setBusy(false));
  }, [mine]);

  const patch = useCallback((friendId: number, status: FriendRequest['status']) => {
    setItems((old) => old.map((r) => (r.friend_id === friendId ? { ...r, status } : r)));
  }, []);

  return { items, loaded, hasMore: items.length < total, busy, loadMore, patch };
}
