// enterprise/im message calls: send, history, read, recall, forward.
import { Hono } from 'hono';
import { nanoid } from 'nanoid';

import { requireMember, resolveConversation, resolveForSending } from '../actions/conversation-access';
import type { AppEnv, Params } from '../app-env';
import { loadConfig } from '../db/config';
import { copyFileTo, releaseFiles } from '../db/files';
import type { NewMessage } from '../durable/conversation/rows';
import { conversationHub } from '../durable/stubs';
import { input } from '../middleware/params';
import { burstLimit, spaceSends } from '../middleware/rate-limit';
import { configNumber } from '../protocol/config-values';
import { DEFAULT_EDIT_SECONDS, DEFAULT_REACTION_MAX, DEFAULT_REDO_SECONDS, FORWARD_MAX } from '../protocol/limits';
import { isOneEmoji, type StoredMessage } from '../protocol/messages';
import {
  EditMessageBody,
  ForwardMessageBody,
  GetMessageListBody,
  ReactMessageBody,
  SendMessageBody,
  SetMsgIsReadBody,
  UndoMessageBody,
} from '../protocol/messages';
import type { ReactionResult, ReadResult } from '../protocol/responses';
import type { WireMessage } from '../protocol/wire';
import { contactForWire, sentMessage, wireMessage } from '../services/event-view';
import { translate } from '../services/i18n';
import { forwardedExtends, isForwardable } from '../services/message-handling';
import { envelope, refuse, settled } from '../services/replies';

export const messages = new Hono<AppEnv>();

messages.post('/sendmessage', burstLimit('send'), async (c) => {
  const body = input(c, SendMessageBody);
  const me = c.get('identity').uid;
  const { conversation } = await resolveForSending(c.env.DB, me, body.toContactId);
  const hub = conversationHub(c.env, conversation);
  // A client resending after a lost answer gets that answer (the hub's send), whatever the interval.
  await spaceSends(c, async () => {
    const prior = await hub.priorSend(conversation, me, body.id);
    return prior.ok && prior.value !== null;
  });
  const from = c.get('me');
  const { content } = body;
  if (body.type === 'emoji' && !isOneEmoji(content)) throw refuse('im.emojiMessage');
  // Only which message is quoted comes from the client; its hub writes the quote (quoteOfMessage).
  const sent = settled(
    await hub.send(conversation, {
      id: body.id,
      from,
      type: body.type,
      content,
      pid: body.pid || body.extends?.quote?.msg_id || 0,
      extends: null,
      file: null,
      at: body.at,
    }),
  );
  return c.json(envelope(sentMessage(sent.message, me) satisfies WireMessage));
});

messages.post('/getmessagelist', async (c) => {
  const body = input(c, GetMessageListBody);
  const me = c.get('identity').uid;
  const { conversation } = await resolveConversation(c.env.DB, me, body.toContactId);
  const page = settled(
    await conversationHub(c.env, conversation).history(conversation, me, {
      beforeSeq: body.last_id || null,
      limit: body.limit,
      type: body.type,
      keywords: body.keywords,
      page: body.page,
    }),
  );
  // The chat as a number or `group-N`, however it was asked for (a form body gives "12").
  const toContactId = contactForWire(me, conversation);
  const list = page.list.map((m) => ({ ...wireMessage(m, me, page.peerRead), toContactId }));
  return c.json(envelope(list satisfies WireMessage[], '', { count: page.count, page: body.page }));
});

messages.post('/setmsgisread', async (c) => {
  const body = input(c, SetMsgIsReadBody);
  const me = c.get('identity').uid;
  const { conversation } = await resolveConversation(c.env.DB, me, body.toContactId);
  const { readSeq } = settled(await conversationHub(c.env, conversation).markRead(conversation, me));
  return c.json(envelope({ readSeq } satisfies ReadResult));
});

messages.post('/undomessage', async (c) => {
  const body = input(c, UndoMessageBody);
  const me = c.get('identity').uid;
  const contactId = body.toContactId;
  const { conversation } = await resolveConversation(c.env.DB, me, contactId);
  const { chatInfo } = await loadConfig(c.env.DB);
  const redo = configNumber(chatInfo.redoTime, DEFAULT_REDO_SECONDS);
  const hub = conversationHub(c.env, conversation);
  const result = await hub.recall(conversation, me, body.id, redo, c.get('me').realname);
  if (!result.ok && result.key === 'im.redoLimitTime')
    throw refuse('im.redoLimitTime', { minutes: Math.ceil(redo / 60) });
  const { message: undone, fileId } = settled(result);
  // A recalled photo, voice, video or file stops downloading by its URL before the sender hears
  // the recall succeeded. The message is recalled either way; a failure here is logged.
  if (fileId)
    await releaseFiles(c.env.DB, c.env.FILES, [fileId]).catch((error) =>
      console.error('releasing a recalled file failed', fileId, error),
    );
  return c.json(envelope({ ...sentMessage(undone, me), toContactId: contactId } satisfies WireMessage));
});

// Editing my text message: within chatInfo.editTime, in a chat I may still write
// to (a deleted peer's is read-only; run mode 2's friendships; a group's mute, asked by its hub as
// for a send); members hear of it live (updateMessage), nobody by push.
messages.post('/editmessage', burstLimit('send'), async (c) => {
  const body = input(c, EditMessageBody);
  const me = c.get('identity').uid;
  const { conversation } = await resolveForSending(c.env.DB, me, body.toContactId);
  const { chatInfo } = await loadConfig(c.env.DB);
  const editSeconds = configNumber(chatInfo.editTime, DEFAULT_EDIT_SECONDS);
  const hub = conversationHub(c.env, conversation);
  const edited = settled(await hub.edit(conversation, me, body.msg_id, body.content, editSeconds));
  return c.json(envelope({ ...sentMessage(edited, me), toContactId: body.toContactId } satisfies WireMessage));
});

// Reacting to a message: toggles mine; everyone who may see it hears of it (`reaction`).
// A reaction is a say: only in a chat I may send to (run mode 2's friendships), and the group's mute
// holds it as it holds an edit (the hub's speak rule).
messages.post('/reactmessage', burstLimit('send'), async (c) => {
  const body = input(c, ReactMessageBody);
  const me = c.get('identity').uid;
  const { conversation } = await resolveForSending(c.env.DB, me, body.toContactId);
  const { chatInfo } = await loadConfig(c.env.DB);
  const max = configNumber(chatInfo.reactionMax, DEFAULT_REACTION_MAX);
  const hub = conversationHub(c.env, conversation);
  // The name is for the author's Web Push, when the reaction is added (user/push-notes.ts).
  const result = settled(await hub.react(conversation, me, body.msg_id, body.emoji, max, c.get('me').realname));
  return c.json(envelope({ msg_id: body.msg_id, reactions: result.reactions } satisfies ReactionResult));
});

// Forwards count against the send limit by their copies but are exempt from sendInterval.
messages.post('/forwardmessage', burstLimit('send', forwardCopies), async (c) => {
  const body = input(c, ForwardMessageBody);
  const me = c.get('identity').uid;
  const { conversation } = await resolveConversation(c.env.DB, me, body.toContactId);
  const original = settled(await conversationHub(c.env, conversation).message(conversation, me, body.msg_id));
  if (!isForwardable(original.type)) throw refuse('im.forwardNotAllowed');
  const from = c.get('me');
  // Every target is checked before anything is copied, so a refused forward copies no file row
  // and sends nothing; a send refused even so (membership changed meanwhile) releases its copy.
  const targets = [];
  for (const target of new Set(body.user_ids)) {
    const { conversation: into } = await resolveForSending(c.env.DB, me, target);
    await requireMember(c.env, into, me);
    targets.push({ into, hub: conversationHub(c.env, into) });
  }
  const copies = [];
  for (const { into, hub } of targets) {
    const copy = await forwardCopy(c.env, original, into, me);
    const result = await hub.send(into, { ...copy, from });
    if (!result.ok && copy.file) await releaseFiles(c.env.DB, c.env.FILES, [copy.file.file_id]);
    copies.push(sentMessage(settled(result).message, me));
  }
  return c.json(envelope(copies satisfies WireMessage[], translate(c.get('lang'), 'im.forwardOk')));
});

/** The copies a forward makes (one per target, at most FORWARD_MAX). */
function forwardCopies(params: Params): number {
  return Array.isArray(params.user_ids) ? Math.min(params.user_ids.length, FORWARD_MAX) : 1;
}

/**
 * A forwarded message is a new message (new client id, the forwarder as sender) with the same
 * content. A file gets its own row bound to the target conversation, sharing the stored bytes,
 * so members of the target may download it and nobody else gains access to the source.
 */
async function forwardCopy(
  env: Env,
  original: StoredMessage,
  targetConversation: string,
  forwarder: number,
): Promise<Omit<NewMessage, 'from'>> {
  const file = original.file ? await copyFileTo(env.DB, original.file.file_id, targetConversation, forwarder) : null;
  // Recalled since it was read: refused like any message that is no longer there.
  if (original.file && !file) throw refuse('im.exist');
  return {
    id: nanoid(),
    type: original.type,
    content: file ? `/file/${file.file_id}` : original.content,
    extends: forwardedExtends(original.extends),
    pid: 0,
    file: file && original.file ? { ...original.file, file_id: file.file_id } : null,
  };
}
