// The chat endpoints (reference §1.3). Server data is checked for the fields the UI relies on.
import * as v from 'valibot';
import { apiPost, apiPostForm } from '../../../lib/api-client';
import type { ChatMessage, Contact } from '../types';

const MessageSchema = v.looseObject({
  id: v.string(),
  msg_id: v.number(),
  seq: v.number(),
  type: v.string(),
  content: v.string(),
  sendTime: v.number(),
  fromUser: v.looseObject({ id: v.number(), displayName: v.string(), avatar: v.string() }),
  toContactId: v.union([v.string(), v.number()]),
  is_group: v.number(),
  is_undo: v.number(),
});
const ContactSchema = v.looseObject({ id: v.union([v.number(), v.string()]), displayName: v.string(), unread: v.number(), lastSendTime: v.number() });

const asMessage = (m: v.InferOutput<typeof MessageSchema>) => ({ ...m, status: 'succeed' }) as unknown as ChatMessage;

export async function fetchContacts(): Promise<Contact[]> {
  return (await apiPost('/enterprise/im/getContacts', {}, v.array(ContactSchema))) as unknown as Contact[];
}

/** One contact's live card; opening a chat also subscribes to the peer's presence. */
export const fetchContactInfo = (id: string | number) =>
  apiPost('/enterprise/im/getContactInfo', { id }, v.looseObject({ id: v.number(), is_online: v.number() }), { quietNetwork: true });

export async function fetchHistory(toContactId: string | number, lastId?: number, limit = 20): Promise<ChatMessage[]> {
  const list = await apiPost('/enterprise/im/getMessageList', { toContactId, last_id: lastId, limit }, v.array(MessageSchema));
  return list.map(asMessage);
}

export async function searchHistory(toContactId: string | number, keywords: string, type = 'all', page = 1): Promise<ChatMessage[]> {
  const list = await apiPost('/enterprise/im/getMessageList', { toContactId, keywords, type, page, limit: 20 }, v.array(MessageSchema));
  return list.map(asMessage);
}

export interface OutgoingText {
  id: string;
  type: 'text' | 'emoji';
  content: string;
  toContactId: string | number;
  is_group: number;
  extends?: { quote?: { msg_id: number; content: string; user_id: number; realname: string } };
}

/** Quiet: the outbox retries network failures itself, so only refusals reach the user. */
export async function postMessage(body: OutgoingText): Promise<ChatMessage> {
  return asMessage(await apiPost('/enterprise/im/sendMessage', body, MessageSchema, { quietNetwork: true }));
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
  return asMessage(await apiPostForm('/common/upload/uploadFile', form, MessageSchema, { quietNetwork: true, onUploadProgress: onProgress }));
}

export const markRead = (toContactId: string | number, isGroup: number) =>
  apiPost('/enterprise/im/setMsgIsRead', { toContactId, is_group: isGroup }, v.unknown(), { quietNetwork: true });

export const recallMessage = (id: string, toContactId: string | number) => apiPost('/enterprise/im/undoMessage', { id, toContactId }, v.unknown());

export const forwardMessage = (msgId: number, from: string | number, targets: (string | number)[]) =>
  apiPost('/enterprise/im/forwardMessage', { msg_id: msgId, toContactId: from, user_ids: targets }, v.unknown());

export const setChatTop = (id: string | number, isTop: boolean, isGroup: number) => apiPost('/enterprise/im/setChatTop', { id, is_top: isTop ? 1 : 0, is_group: isGroup }, v.unknown());
export const setChatNotice = (id: string | number, notify: boolean, isGroup: number) => apiPost('/enterprise/im/isNotice', { id, is_notice: notify ? 1 : 0, is_group: isGroup }, v.unknown());
export const deleteChat = (id: string | number, isGroup: number) => apiPost('/enterprise/im/delChat', { id, is_group: isGroup }, v.unknown());

export const fetchTicket = (deviceId: string) => apiPost('/common/pub/wsTicket', { device_id: deviceId }, v.object({ ticket: v.string() }), { quietNetwork: true });
