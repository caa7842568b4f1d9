// The member list's members, a page (MEMBER_PAGE) at a time as the list scrolls, so a group of 500
// does not load whole to show its first screen. When the group changes (the store reloads it:
// `revision`) the pages already shown are loaded again in one call, so the list does not jump.
// A search needs everyone: it loads the rest once.
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchMemberPage, fetchMembers, MEMBER_PAGE, type GroupMember } from '../api/groups-api';

export interface MemberPages {
  members: GroupMember[];
  /** How many members the group has. */
  total: number;
  loading: boolean;
  hasMore: boolean;
  more: () => void;
  everyone: () => void;
}

export function useMemberPages(groupKey: string, revision: number): MemberPages {
  const [state, setState] = useState<{ members: GroupMember[]; total: number; loading: boolean }>({ members: [], total: 0, loading: true });
  const pages = useRef(1);
  const all = useRef(false);
  const running = useRef(0);

  const load = useCallback(async (count: number) => {
    const call = ++running.current;
    setState((s) => ({ ...s, loading: true }));
    try {
      const answer = all.current
        ? await fetchMembers(groupKey).then((members) => ({ members, total: members.length }))
        : await fetchMemberPage(groupKey, 1, count * MEMBER_PAGE);
      if (call === running.current) setState({ ...answer, loading: false });
    } catch {
      // The API client told the user; what is shown stays.
      if (call === running.current) setState((s) => ({ ...s, loading: false }));
    }
  }, [groupKey]);

  useEffect(() => {
    if (revision > 0) void load(pages.current);
  }, [revision, load]);

  const hasMore = !all.current && state.members.length < state.total;
  const more = useCallback(() => {
    if (state.loading || !hasMore) return;
    pages.current += 1;
    void load(pages.current);
  }, [state.loading, hasMore, load]);
  const everyone = useCallback(() => {
    if (all.current || !hasMore) return;
    all.current = true;
    void load(pages.current);
  }, [hasMore, load]);
  return { ...state, hasMore, more, everyone };
}
