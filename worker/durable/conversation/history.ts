// A page of a conversation's history as one reader may see it: from their floor (a late joiner's
// first message, a former member's last), searched or paged back from a seq, with each message's
// current quotes and reactions, and how far the others have read.
import { withCurrentQuotes } from './message-edit';
import type { MessageScope } from './message-scope';
import { withReactions } from './reactions';
import { pageStart, visibility } from './visibility';

export interface HistoryQuery {
  beforeSeq: number | null;
  limit: number;
  type?: string;
  keywords?: string;
  page: number;
}

export function readHistory(scope: MessageScope, viewer: number, query: HistoryQuery) {
  const sight = scope.readerSight(viewer);
  const { store } = scope;
  if (!sight) return { ok: false as const, key: 'im.notMember' as const };
  const peerRead = store.othersReadSeq(viewer);
  // The queries narrow by the same floor (so pages stay full); the rule still has the last word.
  const result = query.type
    ? store.search(query.type, query.keywords ?? '', query.page, query.limit, sight.floor)
    : { list: store.page(pageStart(query.beforeSeq, sight), query.limit, sight.floor), count: store.lastSeq() };
  const shown = result.list.filter((m) => visibility(sight, m) !== 'im.exist');
  const list = withReactions(store, withCurrentQuotes(store, shown));
  return { ok: true as const, value: { ...result, list, peerRead } };
}
