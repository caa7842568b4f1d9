// One chat's record search (the original's getMessageList with `type`): newest first, by type
// and words, 20 a page; the words apply after typing pauses.
import { useInfiniteQuery } from '@tanstack/react-query';

import { useSearchWords } from '@web/lib/use-debounced';

import { searchHistory } from '../../api/chat-api';

export const HISTORY_TYPES = ['all', 'text', 'image', 'video', 'file'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];
const PAGE_SIZE = 20;

export function useHistorySearch(contactKey: string, query: string, type: HistoryType) {
  const keywords = useSearchWords(query);
  const result = useInfiniteQuery({
    queryKey: ['history-search', contactKey, type, keywords],
    queryFn: ({ pageParam }) => searchHistory(contactKey, keywords, type, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length >= PAGE_SIZE ? pages.length + 1 : undefined),
  });
  return {
    keywords,
    messages: result.data?.pages.flat() ?? [],
    loading: result.isPending || keywords !== query.trim(),
    hasMore: result.hasNextPage,
    loadMore: () => void result.fetchNextPage(),
    loadingMore: result.isFetchingNextPage,
  };
}
