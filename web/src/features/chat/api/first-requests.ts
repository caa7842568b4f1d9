// The chat list's and a thread's first requests, apart from chat-api.ts (schemas, API client) so
// that a cold start can send them before this feature's code has loaded (app/router preloadRoute;
// the API client takes their answers from lib/early-requests). Both sides build the same bodies here.
import { sendEarly } from '@web/lib/early-requests';

export const CONTACTS_PATH = '/enterprise/im/getContacts';
export const HISTORY_PATH = '/enterprise/im/getMessageList';
/** Messages in a page of history (chat-store's PAGE: an early request of another size is not taken). */
export const HISTORY_PAGE = 20;

export const historyBody = (toContactId: string | number, lastId?: number, limit = HISTORY_PAGE) => ({
  toContactId,
  last_id: lastId,
  limit,
});

/** The chat list, and the newest page of `openKey`'s thread when a chat opens the app. */
export function sendChatRequestsEarly(openKey: string | null): void {
  sendEarly(CONTACTS_PATH, {});
  if (openKey) sendEarly(HISTORY_PATH, historyBody(openKey));
}
