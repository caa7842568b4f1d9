// The address book's search on the server (userList): the whole directory by full
// account, name or pinyin initials ("zs" finds 张三), none of which the loaded list can match (its
// accounts are masked, its names carry no readings). Asked once typing pauses; a refusal (too many
// searches, 429) has been shown by the API client and leaves the local matches alone.
import { useQuery } from '@tanstack/react-query';

import { useSearchWords } from '@web/lib/use-debounced';

import { type PersonInfo, searchDirectory } from '../api/people-api';
import type { Person } from '../types';

/** The people the server found for the query on screen, and whether its answer is still to come. */
export function useDirectorySearch(query: string): { found: readonly PersonInfo[]; searching: boolean } {
  const words = useSearchWords(query);
  const answer = useQuery({
    queryKey: ['directorySearch', words],
    queryFn: (): Promise<readonly PersonInfo[]> => searchDirectory(words).catch(() => []),
    enabled: !!words,
  });
  const typed = query.trim();
  // Only an answer for the words on screen counts: one for older words lists people they may not match.
  const current = typed !== '' && words === typed && answer.data !== undefined;
  return { found: current ? answer.data! : [], searching: typed !== '' && !current };
}

const asPerson = (p: PersonInfo): Person => ({
  id: p.id,
  displayName: p.displayName,
  avatar: p.avatar,
  account: p.account,
  index: p.index,
});

/**
 * The local matches with the server's people added, each person once. In run mode 2 the address
 * book lists my friends: anyone else the server found comes apart, as `others` (a card to open,
 * where they can be added), never among the friends.
 */
export function withFound(
  local: readonly Person[],
  found: readonly PersonInfo[],
  friendsOnly: boolean,
): { people: readonly Person[]; others: readonly Person[] } {
  const listed = new Set(local.map((p) => String(p.id)));
  const fresh = found.filter((p) => !listed.has(String(p.id)));
  if (!fresh.length) return { people: local, others: [] };
  const isListed = (p: PersonInfo) => !friendsOnly || p.relation === 'friend';
  return {
    people: [...local, ...fresh.filter(isListed).map(asPerson)],
    others: fresh.filter((p) => !isListed(p)).map(asPerson),
  };
}
