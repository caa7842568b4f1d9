// Pure: how one member sees a conversation event. Single-chat pushes carry the sender's id as
// `toContactId` and the original target as `toUser`, so a client files an
// incoming message under "the sender, unless the sender is me, then toUser".
import type { EventData } from '../protocol/frames';
import type { StoredMessage, WireMessage } from '../protocol/wire';
import { contactFor, isGroupContact, pairMembers } from './conversations';

export function wireMessage(message: StoredMessage, viewer: number, peerReadSeq = 0): WireMessage {
  const group = isGroupContact(message.conversation);
  const pair = pairMembers(message.conversation);
  const target = pair ? (pair[0] === message.from_user ? pair[1] : pair[0]) : message.conversation;
  const { conversation: _conversation, ...fields } = message;
  return {
    ...fields,
    status: 'succeed',
    toContactId: group ? message.conversation : message.from_user,
    toUser: group ? message.conversation : target,
    is_group: group ? 1 : 0,
    is_read: message.from_user === viewer && peerReadSeq >= message.seq ? 1 : 0,
    ...(message.file
      ? {
          file_id: message.file.file_id,
          fileName: message.file.name,
          fileSize: message.file.size,
        }
      : {}),
  };
}

/** The same message as the sender's HTTP response: `toContactId` is the target they chose. */
export function sentMessage(message: StoredMessage, sender: number): WireMessage {
  const wire = wireMessage(message, sender);
  return { ...wire, toContactId: contactForWire(sender, message.conversation) };
}

export function contactForWire(viewer: number, conversation: string): string | number {
  const contact = contactFor(viewer, conversation);
  return isGroupContact(contact) ? contact : Number(contact);
}

/** Display text for recalls is chosen by each client from these fields in its own language. */
export function undoPayload(message: StoredMessage, viewer: number): EventData<'undoMessage'> {
  const wire = wireMessage(message, viewer);
  return {
    id: message.id,
    msg_id: message.msg_id,
    from_user: message.from_user,
    sendTime: message.sendTime,
    type: 'event' as const,
    is_undo: 1 as const,
    toContactId: wire.toContactId,
    toUser: wire.toUser,
    contactId: contactForWire(viewer, message.conversation),
    // A group's manager recalled someone else's message: the notice says who.
    ...(message.extends?.undo_by ? { undo_by: message.extends.undo_by as { id: number; name: string } } : {}),
    ...(message.extends?.moderated ? { moderated: 1 as const } : {}),
  };
}
