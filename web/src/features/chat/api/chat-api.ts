// The chat endpoints, read with the protocol's own schemas (worker/protocol).
import * as v from 'valibot';

import { ChatSummaryListSchema, ContactCardSchema, MessageListSchema, ReadResultSchema } from '@protocol/responses';
import { WireMessageSchema } from '@protocol/wire';
import { type ApiOptions, apiPost, apiPostEnvelope, apiPostForm } from '@web/lib/api-client';

import type { ChatMessage, Contact } from '../types';
import { CONTACTS_PATH, HISTORY_PAGE, HISTORY_PATH, historyBody } from './first-requests';

/** The chat list, and from its envelope my pending friend requests (count, newest request's ms) when the server tells. */
export async function fetchContacts(): Promise<{
  contacts: Contact[];
  requests: { count: number; newest: number } | null;
}> {
  const { data, count, page } = await apiPostEnvelope(CONTACTS_PATH, {}, ChatSummaryListSchema);
  return { contacts: data, requests: count === undefined ? null : { count, newest: page ?? 0 } };
}

/** One contact's live card; opening a chat also subscribes to the peer's presence. */
export const fetchContactInfo = (id: string | number) =>
  apiPost('/enterprise/im/getContactInfo', { id }, ContactCardSchema, { quietNetwork: true });

export async function fetchHistory(
  toContactId: string | number,
  lastId?: number,
  limit = HISTORY_PAGE,
  options: ApiOptions = {},
): Promise<ChatMessage[]> {
  return apiPost(HISTORY_PATH, historyBody(toContactId, lastId, limit), MessageListSchema, options);
}

export async function searchHistory(
  toContactId: string | number,
  keywords: string,
  type = 'all',
  page = 1,
): Promise<ChatMessage[]> {
  return apiPost('/enterprise/im/getMessageList', { toContactId, keywords, type, page, limit: 20 }, MessageListSchema);
}

export interface OutgoingText {
  id: string;
  type: 'text' | 'emoji';
  content: string;
  toContactId: string | number;
  is_group: number;
  extends?: { quote?: { msg_id: number; content: string; user_id: number; realname: string } };
  /** A group message's mentions: user ids, 0 for everyone. */
  at?: number[];
}

/** Quiet: the outbox retries network failures itself, so only refusals reach the user. */
export async function postMessage(body: OutgoingText): Promise<ChatMessage> {
  return apiPost('/enterprise/im/sendMessage', body, WireMessageSchema, { quietNetwork: true });
}

export async function postFile(
  file: Blob,
  fileName: string,
  message: { id: string; toContactId: string | number; type: string; extends?: { duration?: number } },
  onProgress?: (fraction: number) => void,
): Promise<ChatMessage> {
  const form = new FormData();
  form.set('file', file, fileName);
  form.set('message', JSON.stringify(message));
  return apiPostForm('/common/upload/uploadFile', form, WireMessageSchema, {
    quietNetwork: true,
    onUploadProgress: onProgress,
  });
}

export const markRead = (toContactId: string | number, isGroup: number) =>
  apiPost('/enterprise/im/setMsgIsRead', { toContactId, is_group: isGroup }, ReadResultSchema, { quietNetwork: true });

export const recallMessage = (id: string, toContactId: string | number) =>
  apiPost('/enterprise/im/undoMessage', { id, toContactId }, v.unknown());

/** Edits my text message `msgId`; every device hears of it by the updateMessage frame. */
export const editMessage = (toContactId: string | number, msgId: number, content: string) =>
  apiPost('/enterprise/im/editMessage', { toContactId, msg_id: msgId, content }, v.unknown());

/** Toggles my reaction `emoji` on message `msgId`; everyone hears of it by the reaction frame. */
export const reactMessage = (toContactId: string | number, msgId: number, emoji: string) =>
  apiPost('/enterprise/im/reactMessage', { toContactId, msg_id: msgId, emoji }, v.unknown());

/** Reports someone's message to the operators, with one of REPORT_REASONS. */
export const reportMessage = (msgId: number, toContactId: string | number, reason: string) =>
  apiPost('/enterprise/im/reportMessage', { msg_id: msgId, toContactId, reason }, v.unknown());

export const forwardMessage = (msgId: number, from: string | number, targets: (string | number)[]) =>
  apiPost('/enterprise/im/forwardMessage', { msg_id: msgId, toContactId: from, user_ids: targets }, v.unknown());

export const setChatTop = (id: string | number, isTop: boolean, isGroup: number) =>
  apiPost('/enterprise/im/setChatTop', { id, is_top: isTop ? 1 : 0, is_group: isGroup }, v.unknown());
export const setChatNotice = (id: string | number, notify: boolean, isGroup: number) =>
  apiPost('/enterprise/im/isNotice', { id, is_notice: notify ? 1 : 0, is_group: isGroup }, v.unknown());
export const deleteChat = (id: string | number, isGroup: number) =>
  apiPost('/enterprise/im/delChat', { id, is_group: isGroup }, v.unknown());
