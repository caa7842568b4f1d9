// Message search without a server-wide index: the record search of each of the 20 most
// recent chats, asked in parallel once typing pauses. Results are keyed by the words, so an
// answer for words already replaced is never shown.
import { useQuery } from '@tanstack/react-query';

import { useSearchWords } from '@web/lib/use-debounced';

import { type ChatMessage, type Contact, keyOf, searchHistory } from '../../chat';

export const SEARCHED_CHATS = 20;

export interface ChatHits {
  contact: Contact;
  messages: ChatMessage[];
}

/** The chats whose history is searched: the most recently active ones. */
export function recentChats(contacts: Contact[]): Contact[] {
  return contacts
    .filter((c) => c.lastSendTime > 0)
    .sort((a, b) => b.lastSendTime - a.lastSendTime)
    .slice(0, SEARCHED_CHATS);
}

async function searchChats(chats: Contact[], keywords: string): Promise<ChatHits[]> {
  const answers = await Promise.all(
    chats.map(async (contact) => {
      const found = await searchHistory(keyOf(contact.id), keywords, 'all').catch(() => []);
      // Media content is a file address; only a text hit means the words were written.
      const messages = found.filter((m) => m.type === 'text' && m.content.trim() !== '');
      return { contact, messages };
    }),
  );
  return answers.filter((a) => a.messages.length > 0);
}

export function useMessageSearch(query: string, contacts: Contact[]) {
  const keywords = useSearchWords(query);
  const chats = recentChats(contacts);
  const chatKeys = chats.map((c) => keyOf(c.id)).join(',');
  const result = useQuery({
    queryKey: ['message-search', keywords, chatKeys],
    queryFn: () => searchChats(chats, keywords),
    enabled: keywords !== '' && chats.length > 0,
    staleTime: 30_000,
  });
  return { keywords, hits: result.data ?? [], searching: keywords !== query.trim() || result.isFetching };
}
